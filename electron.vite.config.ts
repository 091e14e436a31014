import { cpSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

const alias = { '@shared': resolve('src/shared') }

/** The embedded server runs migrations from a folder beside its bundle. */
const copyMigrations = (): Plugin => ({
  name: 'copy-server-migrations',
  writeBundle() {
    cpSync(resolve('src/server/db/migrations'), resolve('out/main/migrations'), { recursive: true })
  },
})

export default defineConfig({
  main: {
    resolve: { alias },
    plugins: [copyMigrations()],
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          // The embedded server, forked by main into an Electron utilityProcess.
          server: resolve('src/server/embedded.ts'),
          // Spreadsheet imports are parsed in a worker thread (src/main/files/spreadsheet-import.ts).
          'spreadsheet-worker': resolve('src/main/files/spreadsheet-worker.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      // Sandboxed preloads cannot load modules: bundle zod and friends into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    resolve: { alias },
    plugins: [react()],
    build: {
      // electron-vite leaves bundles unminified; the renderer's first screen loads faster minified.
      minify: true,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
})

import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const shared = fileURLToPath(new URL('../../src/shared', import.meta.url))
const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * End-to-end tests: the built app (run `electron-vite build` first; `npm run test:e2e` does) with
 * the real server, the real main-process modules on the test host, and Chromium. Two files at a
 * time: each starts its own server (own database copy, own port, own keychain entry keyed by that
 * server's URL) and browser, and a story spends much of its time waiting on the other process, so a
 * second file fills the idle core.
 */
export default defineConfig({
  root,
  resolve: { alias: { '@shared': shared } },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // vitest's default poll gives up after 1 s; a screen waiting on the server can take longer on a
    // busy CI machine, so an `expect.poll` without its own timeout waits like Playwright's actions do.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    // One more try for a story that failed: a click swallowed by an animation on a slow machine
    // should not discard a run; a real fault fails twice. Retries are printed in the report.
    retry: 1,
  },
})

// One lint config for every process. The import rules keep each process folder to what it may use:
// src/shared is pure TypeScript, the renderer never reaches Node or Electron, and nothing imports
// another process's folder except through src/shared.
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'http', 'https', 'net', 'url']

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'data/**',
      'test-artifacts/**',
      'node_modules/**',
      'src/server/db/migrations/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...nodeBuiltins, 'electron', 'electron/*'], message: 'src/shared is pure TypeScript.' },
            {
              group: ['**/main/**', '**/renderer/**', '**/server/**', '**/preload/**'],
              message: 'shared imports no process code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, 'electron', 'electron/*', 'axios', 'keytar'],
              message: 'The renderer is sandboxed: use window.api.',
            },
            {
              group: ['**/main/**', '**/server/**', '**/preload/**'],
              message: 'The renderer talks to main only over IPC.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'electron/*'], message: 'The server runs without Electron.' },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**'],
              message: 'The server shares only src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts', 'src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**', '**/server/**'],
              message: 'main shares only src/shared (the server is started as its own process).',
            },
          ],
        },
      ],
    },
  },
)

// One lint config for every process. The import rules keep each process folder to what it may use:
// src/shared is pure TypeScript, the renderer never reaches Node or Electron, and nothing imports
// another process's folder except through src/shared.
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'http', 'https', 'net', 'url']

/** Tenant, soft-delete and paging conditions belong to the data layer (issue 16). */
const dataLayerRules = {
  'no-restricted-syntax': [
    'error',
    {
      selector: "CallExpression[callee.name='eq'][arguments.0.property.name='tenantId']",
      message: 'Tenant conditions come from the data layer: dataOf(request).repo(table) or data.rows(table).',
    },
    {
      selector: "CallExpression[callee.name='eq'][arguments.0.property.name='isDeleted']",
      message:
        'Live-row conditions come from the data layer: dataOf(request).repo(table) or data.rows(table).',
    },
    {
      selector: "CallExpression[callee.property.name='offset']",
      message: 'Paging goes through Repo.page or paginate() of src/server/core/data.',
    },
  ],
}

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
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/core/data/**', 'src/server/**/*.test.ts', 'src/server/**/testing.ts'],
    rules: dataLayerRules,
  },
  {
    // Every call names an endpoint of src/shared/api (issue 16): no path literal in the renderer.
    files: ['src/renderer/**/*.{ts,tsx}'],
    ignores: ['src/renderer/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message: 'Call an endpoint of src/shared/api with call(endpoint, input), not a path.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: 'Call an endpoint of src/shared/api with call(endpoint, input), not a path.',
        },
      ],
    },
  },
)

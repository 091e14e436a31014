import { configDefaults, defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'
import { availableParallelism } from 'node:os'

const shared = fileURLToPath(new URL('./src/shared', import.meta.url))

/**
 * Server suites about the embedded database itself (first start, backups, PGlite reads and planner
 * statistics, the move to PostgreSQL): they open PGlite whatever DATABASE_URL says, so they run once,
 * in their own project, instead of again in a PostgreSQL pass.
 */
const EMBEDDED_ONLY = [
  'src/server/bootstrap.test.ts',
  'src/server/db/json-reads.test.ts',
  'src/server/db/planner-statistics.test.ts',
  'src/server/admin/*.test.ts',
]

/**
 * Unit and integration tests sit next to their code. Server suites share one pre-initialised
 * database snapshot (tests/support/global-setup.ts) so each file starts from a seeded database in
 * well under a second; with DATABASE_URL set they run on that PostgreSQL server instead (`npm test`
 * does: scripts/with-postgres.sh). The embedded default is covered by the `embedded` project and by
 * the end-to-end suite, whose servers all run on PGlite.
 */
export default defineConfig({
  resolve: { alias: { '@shared': shared } },
  test: {
    // The defaults (5 s a test, 10 s a hook) fail sound tests when the server and renderer suites share
    // two busy cores; a hung test still fails, after these.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // vitest keeps one core for itself (cores - 1 workers), which on a two-core machine runs every file
    // one after another while a core idles; the main process does little, so use them all.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/shared/**/*.test.ts', 'src/main/**/*.test.ts', 'src/preload/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...EMBEDDED_ONLY],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'embedded',
          environment: 'node',
          include: EMBEDDED_ONLY,
          globalSetup: ['tests/support/global-setup-pglite.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/renderer-setup.ts'],
        },
      },
    ],
  },
})

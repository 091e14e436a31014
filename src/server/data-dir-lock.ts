import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import lockfile from 'proper-lockfile'
import { DATA_DIR_LOCK_NAME, DATA_DIR_LOCKED_EXIT_CODE } from '../shared/embedded-server'

/**
 * Holds `<dataDir>/server.lock` (proper-lockfile: a folder whose mtime is refreshed while held) for
 * the life of the process, so one PGlite data folder is opened by exactly one server. When another
 * live process holds it, prints why and exits with DATA_DIR_LOCKED_EXIT_CODE (the desktop app turns
 * that into a dialog). The lock goes with the process: released on exit, stale 10 s after a kill.
 */
export async function lockDataDir(dataDir: string): Promise<void> {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  try {
    await lockfile.lock(dir, {
      lockfilePath: join(dir, DATA_DIR_LOCK_NAME),
      realpath: false,
      stale: 10_000,
      // Two starts racing for the folder: the loser looks again briefly before giving up.
      retries: { retries: 2, minTimeout: 500, maxTimeout: 1_000 },
      // A missed refresh under heavy load is not worth killing the server for; say so and carry on.
      onCompromised: (err) => console.error(`data folder lock compromised: ${err.message}`),
    })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err
    console.error(`该数据目录正被另一个程序使用: ${dir}`)
    process.exit(DATA_DIR_LOCKED_EXIT_CODE)
  }
}

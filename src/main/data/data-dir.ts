/**
 * Where the embedded server keeps its data (db/, files/, backups/). Not the roaming profile: a
 * database in %APPDATA% would travel with every sign-in on a shared lab PC. A folder that machine
 * policy names (DataDirectory) wins.
 */
import { existsSync, cpSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { basename, join, win32, posix } from 'node:path'

export interface DataDirInput {
  platform: NodeJS.Platform
  env: Record<string, string | undefined>
  /** Electron's userData folder (roaming on Windows); its last part is the product's folder name. */
  userDataDir: string
  homeDir: string
  /** From machine policy (DataDirectory). */
  policyDir?: string
}

export function resolveDataDir({ platform, env, userDataDir, homeDir, policyDir }: DataDirInput): string {
  if (policyDir) return policyDir
  if (platform === 'win32') {
    const product = win32.basename(userDataDir)
    const local = env.LOCALAPPDATA || win32.join(homeDir, 'AppData', 'Local')
    return win32.join(local, product)
  }
  const product = basename(userDataDir)
  if (platform === 'darwin') return posix.join(homeDir, 'Library', 'Application Support', product)
  return posix.join(env.XDG_DATA_HOME || posix.join(homeDir, '.local', 'share'), product)
}

/** The parts of the data that the embedded server used to keep in userData. */
const PARTS = ['db', 'files'] as const

/**
 * On the first start with a new data folder, moves the database and files an older version kept in
 * userData there (copy then remove where a rename cannot cross drives). Does nothing when the new
 * folder already has a database or there is nothing to move. Returns whether it moved something.
 */
export function moveLegacyData(userDataDir: string, dataDir: string): boolean {
  if (userDataDir === dataDir) return false
  if (!existsSync(join(userDataDir, 'db', 'PG_VERSION'))) return false
  if (existsSync(join(dataDir, 'db', 'PG_VERSION'))) return false
  mkdirSync(dataDir, { recursive: true })
  for (const part of PARTS) {
    const from = join(userDataDir, part)
    const to = join(dataDir, part)
    if (!existsSync(from)) continue
    rmSync(to, { recursive: true, force: true })
    try {
      renameSync(from, to)
    } catch {
      cpSync(from, to, { recursive: true })
      rmSync(from, { recursive: true, force: true })
    }
  }
  return true
}

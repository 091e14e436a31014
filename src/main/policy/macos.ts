import { readFile } from 'node:fs/promises'
import { userInfo } from 'node:os'
import { join } from 'node:path'
import { parse, parseBinary } from 'plist'
import { POLICY_LOCATION } from './keys'

const MANAGED = '/Library/Managed Preferences'

/** The managed-preference files MDM writes: the machine's, then the signed-in user's. */
export function managedPreferenceFiles(user = userInfo().username): { machine: string; user: string } {
  const name = `${POLICY_LOCATION.bundleId}.plist`
  return { machine: join(MANAGED, name), user: join(MANAGED, user, name) }
}

/** One plist file's top-level dictionary (XML or binary); {} when absent or not a dictionary. */
export async function readPlistFile(path: string): Promise<Record<string, unknown>> {
  const bytes = await readFile(path).catch(() => null)
  if (!bytes) return {}
  const isBinary = bytes.subarray(0, 6).toString('latin1') === 'bplist'
  const value: unknown = isBinary ? parseBinary(bytes) : parse(bytes.toString('utf8'))
  return value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
    ? (value as Record<string, unknown>)
    : {}
}

/** The machine's managed preferences over the user's. */
export async function readMacPolicy(files = managedPreferenceFiles()): Promise<Record<string, unknown>> {
  const [user, machine] = await Promise.all([readPlistFile(files.user), readPlistFile(files.machine)])
  return { ...user, ...machine }
}

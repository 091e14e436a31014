import { readFile } from 'node:fs/promises'

/** A JSON policy file (`/etc/lab-training/policy.json` on Linux); {} when absent, unreadable or not an object. */
export async function readJsonPolicy(
  path: string,
  log: (line: string) => void,
): Promise<Record<string, unknown>> {
  const text = await readFile(path, 'utf8').catch(() => null)
  if (text === null) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
    log(`policy: ${path} is not a JSON object; ignored`)
  } catch (e) {
    log(`policy: ${path} is not valid JSON (${(e as Error).message}); ignored`)
  }
  return {}
}

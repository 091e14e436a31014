import { execFile } from 'node:child_process'
import iconv from 'iconv-lite'
import { POLICY_LOCATION } from './keys'

/** Runs `reg.exe` with the given arguments; resolves to its stdout, or null when the key does not exist. */
export type RegRunner = (args: string[]) => Promise<Buffer | null>

export const runReg: RegRunner = (args) =>
  new Promise((resolve) => {
    execFile('reg.exe', args, { encoding: 'buffer', windowsHide: true }, (error, stdout) =>
      resolve(error ? null : stdout),
    )
  })

/**
 * The values of one key as `reg query <key>` prints them:
 * `    Name    REG_SZ    value` (REG_DWORD as `0x1`, REG_MULTI_SZ joined with `\0`). Subkeys are skipped.
 */
export function parseRegQuery(output: string): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const line of output.split(/\r?\n/)) {
    const match = /^ {4}(.+?) {4}(REG_[A-Z_]+)(?: {4}(.*))?$/.exec(line)
    if (!match) continue
    const [, name, type, data = ''] = match
    if (type === 'REG_SZ') values[name] = data
    else if (type === 'REG_EXPAND_SZ') values[name] = expandEnv(data)
    else if (type === 'REG_DWORD' || type === 'REG_QWORD') values[name] = Number(data)
    else if (type === 'REG_MULTI_SZ') values[name] = data.split('\\0').filter((s) => s.length > 0)
  }
  return values
}

function expandEnv(value: string): string {
  return value.replace(/%([^%]+)%/g, (all, name: string) => process.env[name] ?? all)
}

/** reg.exe prints in the console's code page: UTF-8 when it decodes cleanly, else GBK (Chinese Windows). */
function decode(bytes: Buffer): string {
  const text = bytes.toString('utf8')
  return text.includes('\uFFFD') ? iconv.decode(bytes, 'gbk') : text
}

/** The machine policy (HKLM) over the user policy (HKCU): a key set in both takes the machine's value. */
export async function readWindowsPolicy(run: RegRunner = runReg): Promise<Record<string, unknown>> {
  const read = async (hive: string) => {
    const out = await run(['query', `${hive}\\${POLICY_LOCATION.registryKey}`])
    return out ? parseRegQuery(decode(out)) : {}
  }
  const user = await read('HKCU')
  const machine = await read('HKLM')
  return { ...user, ...machine }
}

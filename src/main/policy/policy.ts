import { log as mainLog } from '../log'
import { POLICY_LOCATION, validatePolicy, type Policy } from './keys'
import { readJsonPolicy } from './json-file'
import { readMacPolicy } from './macos'
import { readWindowsPolicy, runReg, type RegRunner } from './windows'

/** Where the policy comes from: the platform's own place, or one JSON file (tests, or IT's choice). */
export type PolicySource = { kind: 'system' } | { kind: 'file'; path: string }

export interface ReadPolicyOptions {
  platform?: NodeJS.Platform
  runReg?: RegRunner
  log?: (line: string) => void
}

export const EMBEDDED_SERVER_DISABLED =
  '管理员已禁用本机内置服务器（策略 AllowEmbeddedServer），且未设置服务器地址。请联系管理员在策略中设置 ServerUrl。'

/**
 * The machine policy, read once at start: the registry (Windows), managed preferences (macOS) or
 * `/etc/lab-training/policy.json` (Linux). Invalid values are dropped with a log line, never fatal.
 */
export async function readMachinePolicy(
  source: PolicySource = { kind: 'system' },
  options: ReadPolicyOptions = {},
): Promise<Policy> {
  const log = options.log ?? ((line: string) => mainLog.warn(line))
  const platform = options.platform ?? process.platform
  let raw: Record<string, unknown>
  if (source.kind === 'file') raw = await readJsonPolicy(source.path, log)
  else if (platform === 'win32') raw = await readWindowsPolicy(options.runReg ?? runReg)
  else if (platform === 'darwin') raw = await readMacPolicy()
  else raw = await readJsonPolicy(POLICY_LOCATION.linuxFile, log)
  return validatePolicy(raw, log)
}

import { z } from 'zod'

/** Where IT puts the policy: vendor and product under `SOFTWARE\Policies`, the macOS bundle id, the Linux slug. */
export const POLICY_LOCATION = {
  registryKey: 'SOFTWARE\\Policies\\LabTraining\\LabTrainingClient',
  bundleId: 'cn.edu.lab.training',
  linuxFile: '/etc/lab-training/policy.json',
} as const

const httpUrl = z.url({ protocol: /^https?$/ }).max(300)
// Registry DWORDs arrive as numbers, plists and JSON as booleans: both mean the same.
const flag = z.union([z.boolean(), z.literal(0).transform(() => false), z.literal(1).transform(() => true)])

/** Every key IT can set, with what a valid value is. A key whose value fails is ignored (and logged). */
export const POLICY_KEYS = {
  ServerUrl: httpUrl.transform((url) => url.replace(/\/+$/, '')),
  AllowEmbeddedServer: flag,
  UpdateUrl: z.url({ protocol: /^https$/, error: '更新地址必须是 https 地址' }).max(300),
  UpdateChannel: z.enum(['stable', 'beta']),
  UpdatesEnabled: flag,
  UpdateCheckHours: z.coerce.number().int().min(1).max(720),
  /** Chromium proxy rules, e.g. `http://proxy.school.edu.cn:8080` or `proxy:3128`. */
  ProxyServer: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .regex(/^[\w.:/;=\-[\]]+$/),
  ProxyPacUrl: z.url({ protocol: /^(https?|file)$/ }).max(500),
  /** PEM files (paths) or PEM text of the CAs a TLS-inspecting proxy or the school's own CA signs with. */
  ExtraCACertificates: z.array(z.string().min(1).max(20_000)).max(50),
  LogLevel: z.enum(['error', 'warn', 'info', 'debug']),
  DataDirectory: z.string().trim().min(1).max(500),
} as const

export type PolicyKey = keyof typeof POLICY_KEYS
export type Policy = { [K in PolicyKey]?: z.output<(typeof POLICY_KEYS)[K]> }
export const POLICY_KEY_NAMES = Object.keys(POLICY_KEYS) as PolicyKey[]

/**
 * The valid keys of a raw policy (what a registry, plist or JSON file held). Unknown keys and bad values
 * are left out, each with a line for the log; key names match case-insensitively, as the registry does.
 */
export function validatePolicy(raw: Record<string, unknown>, log: (line: string) => void): Policy {
  const policy: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(raw)) {
    const key = POLICY_KEY_NAMES.find((k) => k.toLowerCase() === name.toLowerCase())
    if (!key) {
      log(`policy: unknown key ${name} ignored`)
      continue
    }
    const input = key === 'ExtraCACertificates' && typeof value === 'string' ? [value] : value
    const parsed = POLICY_KEYS[key].safeParse(input)
    if (parsed.success) policy[key] = parsed.data
    else log(`policy: ${key} ignored: ${parsed.error.issues[0]?.message ?? 'invalid value'}`)
  }
  return policy as Policy
}

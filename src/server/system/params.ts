import { z } from 'zod'

/** Query-string pieces shared by the system routes; every message is the one a user sees. */
export const ID_RE = /^\d{1,19}$/
export const idParam = (label = 'id') =>
  z.string({ error: `缺少参数 ${label}` }).regex(ID_RE, `参数 ${label} 格式不正确`)
export const optionalId = (label = 'id') =>
  z.preprocess((v) => (v === '' ? undefined : v), idParam(label).optional())
export const tenantParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^\d{6}$/, '租户ID格式不正确')
    .optional(),
)
/** Comma-joined ids that may be empty (grants that clear everything). */
export const idCsv = (label: string) =>
  z
    .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : String(v).split(',')))
    .transform((v) => [...new Set(v.map((s) => s.trim()).filter(Boolean))])
    .refine((v) => v.length <= 5000, `${label}过多`)
    .refine((v) => v.every((s) => ID_RE.test(s)), `${label}格式不正确`)

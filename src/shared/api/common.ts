import { z } from 'zod'
import { idList } from '../resource/validate'

/** Query and body shapes many endpoints share, with the contract's Chinese messages. */

export const ID_PATTERN = /^\d{1,19}$/

/** A 64-bit id as a decimal string (numbers are accepted and turned into strings). */
export const Id = (message = '主键格式不正确') => z.coerce.string().regex(ID_PATTERN, message)

/** A BladeX list query: `current`, `size`, `ascs`/`descs` and filters (`name`, `name_equal`, ...). */
export const BladeQuery = z.record(z.string(), z.unknown())
export type BladeQuery = z.infer<typeof BladeQuery>

/** `?id=` of a detail call. */
export const IdQuery = z.object({ id: Id() }).loose()

/** `?ids=1,2,3` of a remove call (the list, deduplicated). */
export const IdsQuery = z.object({ ids: idList }).loose()

/** `{ids: [...]}` or `{ids: "1,2"}` in a body. */
export const IdsBody = z.object({
  ids: z
    .union([z.array(Id()), z.string()])
    .transform((v) =>
      Array.isArray(v)
        ? v
        : v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    )
    .refine((v) => v.length > 0, '请选择至少一条数据')
    .refine((v) => v.every((s) => ID_PATTERN.test(s)), 'ids 格式不正确')
    .transform((v) => [...new Set(v)]),
})

/** Any JSON object body (a submit of a definition is checked by the definition's own schema). */
export const AnyBody = z.record(z.string(), z.unknown())

/** An attachment as a detail lists it beside `attachIds` (notices, articles). */
export interface AttachmentInfo {
  id: string
  originalName: string
  attachSize: number | null
  link: string
}

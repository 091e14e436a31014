import { inArray } from 'drizzle-orm'
import type { AttachmentInfo } from '../../shared/api/common'
import type { Data } from '../core/data'
import { bad } from '../core/errors'
import { attach } from '../db/schema'

/** At most this many attachments on one notice or article. */
export const MAX_ATTACHMENTS = 10

const idsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value ?? '').split(','))
    .map((v) => v.trim())
    .filter(Boolean)

/**
 * Checks a written `attachIds` (≤ 10, each a `blade_attach` row of the caller's tenant) and answers
 * it normalised (comma-joined, no duplicates). Nothing written when it refuses.
 */
export async function checkAttachIds(data: Data, value: unknown): Promise<string> {
  const ids = [...new Set(idsOf(value))]
  if (ids.length > MAX_ATTACHMENTS) bad(`附件不能超过${MAX_ATTACHMENTS}个`)
  if (ids.some((id) => !/^\d{1,19}$/.test(id))) bad('附件不存在')
  if (ids.length) {
    const found = await data.repo(attach).find([inArray(attach.id, ids)])
    if (found.length !== ids.length) bad('附件不存在')
  }
  return ids.join(',')
}

/** The attachments of `attachIds`, in its order (rows deleted since are left out). */
export async function attachmentsOf(data: Data, value: unknown): Promise<AttachmentInfo[]> {
  const ids = idsOf(value)
  if (!ids.length) return []
  const rows = await data.repo(attach).find([inArray(attach.id, ids)])
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => {
    const r = byId.get(id)
    return r
      ? [
          {
            id: r.id,
            originalName: r.originalName ?? '',
            attachSize: r.attachSize ?? null,
            link: r.link ?? '',
          },
        ]
      : []
  })
}

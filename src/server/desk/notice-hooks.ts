import type { ResourceHooks } from '../core/resource-routes'
import { dataOf } from '../core/data'
import { sanitizeRichText } from '../core/rich-text'
import { attachmentsOf, checkAttachIds } from '../files/attachments'

/**
 * Notices (reports-portal.md 7): `content` is stored sanitised; `attachIds` are attachments of the
 * tenant (≤ 10); `detail` lists them as `attachments [{id, originalName, attachSize, link}]`.
 */
export const noticeHooks: ResourceHooks = {
  beforeSave: async ({ data, row }) => {
    if (typeof row.content === 'string') row.content = sanitizeRichText(row.content)
    if (row.attachIds !== undefined) row.attachIds = await checkAttachIds(data, row.attachIds)
  },
  present: async (rows, request) => {
    if (!request.routeOptions.url?.endsWith('/detail') && !request.routeOptions.url?.endsWith('/getNotice'))
      return rows
    const data = dataOf(request)
    return Promise.all(rows.map(async (r) => ({ ...r, attachments: await attachmentsOf(data, r.attachIds) })))
  },
}

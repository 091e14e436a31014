import { noticeApi } from '../../shared/api/desk'
import { quietCall } from './request'

export interface Notice {
  id: string
  title: string
  category?: string | number
  releaseTime?: string
  createTime?: string
  content?: string
}

/**
 * The latest notices from `GET /api/blade-desk/notice/list` (a page or a list), or none when the
 * server does not offer it: the callers show an empty state instead of an error.
 */
export async function loadNotices(size: number): Promise<Notice[]> {
  try {
    const data = await quietCall(noticeApi.list, { query: { current: 1, size } })
    const rows = Array.isArray(data) ? data : (data?.records ?? [])
    return rows.slice(0, size).map((r) => ({
      id: r.id,
      title: r.title ?? '',
      category: r.category ?? undefined,
      releaseTime: r.releaseTime ?? undefined,
      createTime: r.createTime ?? undefined,
      content: r.content ?? undefined,
    }))
  } catch {
    return []
  }
}

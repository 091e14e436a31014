import { eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { downloadApi } from '../../shared/api/download'
import { DOWNLOAD_STATUS } from '../../shared/resources/download/task'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { route } from '../core/route'
import { attachment } from '../base/spreadsheet'
import { user } from '../db/schema'
import { bizDownloadTask } from '../db/schema/download'
import { contentTypeOf, type FileStore } from '../files/file-store'
import { isActive, latestTask, ownerCondition, presentTask, visibleTask, visibleTasks } from './tasks'

/** `/api/biz-download/bizdownloadtask/*`: the caller's tasks, their removal and their files. */
export function registerDownloadRoutes(app: FastifyInstance, store: FileStore) {
  route(app, downloadApi.page, async ({ query, data }) => {
    const page = await data.repo(bizDownloadTask).page(query, {
      where: [ownerCondition(data.me)],
      filters: { skip: ['params', 'caller', 'objectName', 'producer'] },
    })
    const owners = [...new Set(page.records.map((r) => r.userId).filter((v): v is string => !!v))]
    const names = new Map(
      owners.length
        ? (
            await data.db
              .select({ id: user.id, name: user.realName })
              .from(user)
              .where(inArray(user.id, owners))
          ).map((u) => [u.id, u.name ?? ''])
        : [],
    )
    return ok({ ...page, records: page.records.map((r) => presentTask(r, names.get(r.userId ?? ''))) })
  })

  route(app, downloadApi.detail, async ({ query, data }) =>
    ok(presentTask(await visibleTask(data, query.id))),
  )

  route(app, downloadApi.detailByUser, async ({ query, data }) => {
    const row = await latestTask(data, query.bizId)
    return ok(row ? presentTask(row) : null)
  })

  // Removing a queued or running task cancels it: the runner sees the row gone at its next progress.
  route(app, downloadApi.remove, async ({ query, data }) => {
    const rows = await data.transaction(async (tx) => {
      const found = await visibleTasks(tx, query.ids)
      const active = found.filter(isActive).map((r) => r.id)
      if (active.length) await tx.repo(bizDownloadTask).update(active, { status: DOWNLOAD_STATUS.cancelled })
      await tx.repo(bizDownloadTask).remove(query.ids)
      return found
    })
    for (const r of rows) if (r.objectName) await store.remove(r.objectName)
    return done('删除成功')
  })

  route(app, downloadApi.download, async ({ params, data, reply }) => {
    if (!/^\d{1,19}$/.test(params.id ?? '')) bad('数据不存在或无权访问')
    const row = await visibleTask(data, params.id)
    if (row.status === DOWNLOAD_STATUS.expired) bad('文件已过期，请重新导出')
    if (row.status !== DOWNLOAD_STATUS.done || !row.objectName) bad('文件尚未生成')
    const file = await store.open(row.objectName!)
    if (!file) bad('文件已过期，请重新导出')
    await data.repo(bizDownloadTask).updateWhere([eq(bizDownloadTask.id, row.id)], {
      downloadCount: sql`coalesce(download_count, 0) + 1` as never,
    })
    return reply
      .header('content-type', contentTypeOf(row.objectName!).type)
      .header('content-length', file!.size)
      .header('content-disposition', attachment(row.fileName ?? `download.${row.fileExt ?? 'bin'}`))
      .send(file!.stream)
  })
}

import { asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { cmsArticleApi, type CmsArticle } from '../../shared/api/cms'
import { ARTICLE_STATUS, CATEGORY_TYPE, cmsArticleResource } from '../../shared/resources/cms/cms'
import type { Data } from '../core/data'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { registerResourceRoutes } from '../core/resource-routes'
import { sanitizeRichText } from '../core/rich-text'
import { attachmentsOf, checkAttachIds } from '../files/attachments'
import { route } from '../core/route'
import { cmsArticle, cmsCategory } from '../db/schema/cms'
import { isCmsEditor, readableArticles } from './readers'

type Row = Record<string, unknown>
type ArticleRow = typeof cmsArticle.$inferSelect

const COVER = /\.(jpe?g|png)$/i

/** Rules of a write (reports-portal.md 7), on the merged row (stored values under the submitted ones). */
async function checkArticle(data: Data, row: Row, id: string | undefined): Promise<void> {
  const stored = id ? ((await data.repo(cmsArticle).get(id)) as Row | null) : null
  const merged: Row = { ...(stored ?? {}), ...row }
  if (typeof row.content === 'string') row.content = sanitizeRichText(row.content)
  if (row.attachIds !== undefined) row.attachIds = await checkAttachIds(data, row.attachIds)
  if (merged.categoryId) {
    const category = await data.repo(cmsCategory).get(String(merged.categoryId))
    if (!category) bad('栏目不存在')
    if (category!.status !== 1) bad('栏目已停用')
    if (category!.categoryType === CATEGORY_TYPE.link) bad('外部链接栏目不能发布文章')
  }
  const content = typeof row.content === 'string' ? row.content : String(merged.content ?? '')
  if (!content.trim() && !merged.linkUrl) bad('请输入文章内容')
  if (merged.cover && !COVER.test(String(merged.cover))) bad('封面只能是JPG/PNG格式，且不超过2MB')
  if (Number(merged.isBanner) === 1 && !merged.cover) bad('设为轮播的文章必须上传封面')
  // First publication stamps the time (a future time given by the editor schedules it).
  if (Number(merged.status) === ARTICLE_STATUS.published && !merged.publishTime) row.publishTime = new Date()
}

async function withCategoryNames(data: Data, rows: ArticleRow[]): Promise<CmsArticle[]> {
  const ids = [...new Set(rows.map((r) => r.categoryId).filter((v): v is string => !!v))]
  const names = new Map(
    ids.length
      ? (await data.repo(cmsCategory).find([inArray(cmsCategory.id, ids)])).map((c) => [
          c.id,
          c.categoryName ?? '',
        ])
      : [],
  )
  return rows.map((r) => ({
    ...r,
    categoryName: names.get(r.categoryId ?? '') ?? '',
  })) as unknown as CmsArticle[]
}

/** The categories at or below `categoryId` (the tree at the left filters by a whole branch). */
async function branchOf(data: Data, categoryId: string): Promise<string[]> {
  const all = await data.repo(cmsCategory).find()
  const out = [categoryId]
  for (let i = 0; i < out.length; i++) for (const c of all) if (c.parentId === out[i]) out.push(c.id)
  return out
}

/** 文章管理 writes and the reader's calls (list, page, detail, bannerList). */
export function registerArticleRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, cmsArticleResource, cmsArticle, {
    beforeSave: async ({ data, row, request }) => {
      const id = (request.body as { id?: unknown }).id
      await checkArticle(data, row, typeof id === 'string' && id ? id : undefined)
    },
  })

  const page = async ({ query, data }: { query: Row; data: Data }) => {
    const editor = await isCmsEditor(data)
    const filters = { ...query }
    const categoryId = filters.categoryId ?? filters.categoryId_equal
    delete filters.categoryId
    delete filters.categoryId_equal
    const branch =
      categoryId && /^\d{1,19}$/.test(String(categoryId)) ? await branchOf(data, String(categoryId)) : null
    if (!editor) delete filters.status
    const result = await data.repo(cmsArticle).page(filters, {
      where: [
        editor ? undefined : readableArticles(data),
        branch ? inArray(cmsArticle.categoryId, branch) : undefined,
      ],
      sort: [desc(cmsArticle.isTop), desc(cmsArticle.publishTime), desc(cmsArticle.createTime)],
    })
    return ok({ ...result, records: await withCategoryNames(data, result.records) })
  }
  route(app, cmsArticleApi.page, page, { config: { anyUser: true } })
  route(app, cmsArticleApi.list, page, { config: { anyUser: true } })

  route(
    app,
    cmsArticleApi.detail,
    async ({ query, data }) => {
      const editor = await isCmsEditor(data)
      const row = await data
        .repo(cmsArticle)
        .first(eq(cmsArticle.id, query.id), editor ? undefined : readableArticles(data))
      if (!row) bad('数据不存在或无权访问')
      if (!editor)
        await data
          .repo(cmsArticle)
          .update(row!.id, { viewCount: sql`coalesce(${cmsArticle.viewCount}, 0) + 1` as never })
      const [article] = await withCategoryNames(data, [row!])
      return ok({
        ...article,
        viewCount: (row!.viewCount ?? 0) + (editor ? 0 : 1),
        attachments: await attachmentsOf(data, row!.attachIds),
      })
    },
    { config: { anyUser: true } },
  )

  route(
    app,
    cmsArticleApi.bannerList,
    async ({ data }) => {
      const rows = await data
        .repo(cmsArticle)
        .find([readableArticles(data), eq(cmsArticle.isBanner, 1), sql`${cmsArticle.cover} <> ''`], {
          sort: [asc(cmsArticle.bannerSort), desc(cmsArticle.publishTime)],
          limit: 10,
        })
      return ok(
        rows.map((r) => ({
          id: r.id,
          title: r.title ?? '',
          cover: r.cover ?? '',
          summary: r.summary,
          linkUrl: r.linkUrl,
          publishTime: r.publishTime as unknown as string | null,
        })),
      )
    },
    { config: { anyUser: true } },
  )
}

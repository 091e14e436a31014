import { asc, count, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { cmsCategoryApi, type CmsCategoryNode } from '../../shared/api/cms'
import { CATEGORY_TYPE, cmsCategoryResource } from '../../shared/resources/cms/cms'
import type { Data } from '../core/data'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { registerResourceRoutes } from '../core/resource-routes'
import { route } from '../core/route'
import { cmsArticle, cmsCategory } from '../db/schema/cms'
import { isCmsEditor } from './readers'

type CategoryRow = typeof cmsCategory.$inferSelect

/** What a caller sees of the tree: editors every category, readers the enabled ones. */
async function visibleCategories(data: Data, extra: ReturnType<typeof eq>[] = []): Promise<CategoryRow[]> {
  const editor = await isCmsEditor(data)
  return data.repo(cmsCategory).find([...extra, editor ? undefined : eq(cmsCategory.status, 1)], {
    sort: [asc(cmsCategory.sort), asc(cmsCategory.createTime)],
  })
}

function forest(rows: CategoryRow[]): CmsCategoryNode[] {
  const nodes = new Map<string, CmsCategoryNode>()
  for (const r of rows)
    nodes.set(r.id, {
      id: r.id,
      parentId: r.parentId ?? '0',
      key: r.id,
      value: r.id,
      title: r.categoryName ?? '',
      categoryType: r.categoryType ?? CATEGORY_TYPE.list,
    })
  const roots: CmsCategoryNode[] = []
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId)
    if (parent) {
      ;(parent.children ??= []).push(n)
      parent.hasChildren = true
    } else roots.push(n)
  }
  return roots
}

/** 栏目管理: the lazy tree, the whole tree (any signed-in user) and writes with their rules. */
export function registerCategoryRoutes(app: FastifyInstance) {
  // remove is our own (its refusal names articles too), so the engine registers detail and submit.
  registerResourceRoutes(app, { ...cmsCategoryResource, routes: ['detail', 'submit'] }, cmsCategory, {
    beforeSave: async ({ data, row, request }) => {
      const parentId = row.parentId === undefined ? undefined : String(row.parentId || '0')
      if (parentId !== undefined && parentId !== '0') {
        if (parentId === String((request.body as { id?: unknown }).id)) bad('上级栏目不能是自己')
        if (!(await data.repo(cmsCategory).exists(eq(cmsCategory.id, parentId)))) bad('上级栏目不存在')
      }
      if (row.categoryType === CATEGORY_TYPE.link && !row.linkUrl) bad('外部链接栏目请输入链接地址')
    },
  })

  route(
    app,
    cmsCategoryApi.lazyList,
    async ({ query, data }) => {
      const parentId = String(query.parentId ?? '0') || '0'
      if (!/^\d{1,19}$/.test(parentId)) bad('上级编号格式不正确')
      const rows = await visibleCategories(data, [eq(cmsCategory.parentId, parentId)])
      const ids = rows.map((r) => r.id)
      const withChildren = new Set<string>()
      if (ids.length)
        for (const c of await data.db
          .select({ parentId: cmsCategory.parentId, n: count() })
          .from(cmsCategory)
          .where(data.rows(cmsCategory, inArray(cmsCategory.parentId, ids)))
          .groupBy(cmsCategory.parentId))
          if (Number(c.n) > 0) withChildren.add(String(c.parentId))
      return ok(rows.map((r) => ({ ...r, hasChildren: withChildren.has(r.id) })))
    },
    { config: { anyUser: true } },
  )

  route(app, cmsCategoryApi.tree, async ({ data }) => ok(forest(await visibleCategories(data))), {
    config: { anyUser: true },
  })

  route(app, cmsCategoryApi.remove, async ({ query, data }) => {
    await data.transaction(async (tx) => {
      const repo = tx.repo(cmsCategory)
      if ((await repo.count(inArray(cmsCategory.id, query.ids))) !== query.ids.length)
        bad('部分数据不存在或无权删除')
      const children = await repo.count(inArray(cmsCategory.parentId, query.ids))
      const articles = await tx.repo(cmsArticle).count(inArray(cmsArticle.categoryId, query.ids))
      if (children > 0 || articles > 0) bad('栏目下有子栏目或文章，不能删除')
      await repo.remove(query.ids)
    })
    return done('删除成功')
  })
}

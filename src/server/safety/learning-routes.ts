import { asc, eq, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes, type ResourceHooks } from '../core/resource-routes'
import { route } from '../core/route'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import type { Data } from '../core/data'
import {
  safetyCourse,
  safetyHomeParam,
  safetyKnowledge,
  safetyLabel,
  safetyManual,
  safetyNotice,
  safetyPaper,
  safetyQuestion,
} from '../db/schema'
import {
  courseResource,
  homeParamResource,
  knowledgeResource,
  labelResource,
  manualResource,
  noticeResource,
} from '../../shared/resources/safety/learning'
import { safetyLearningApi } from '../../shared/api/safety'
import { holdsSql, publishedUnlessHolder } from './access'
import { clock } from './clock'

type Row = Record<string, unknown>

const listOf = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** 标签最多选择5个 / 附件最多上传5个: the limits every learning resource shares (B.1). */
function checkLimits(row: Row) {
  if (row.labelIds !== undefined && listOf(row.labelIds).length > 5) bad('标签最多选择5个')
  if (row.attachIds !== undefined && listOf(row.attachIds).length > 5) bad('附件最多上传5个')
}

/** Rows of `table` whose comma-joined `labelIds` name `id`. */
export const namesLabel = (column: unknown, id: string): SQL =>
  sql`(',' || coalesce(${column}, '') || ',') like ${`%,${id},%`}`

const LABEL_USERS: [string, PgTable & { labelIds: unknown }][] = [
  ['课程', safetyCourse],
  ['手册', safetyManual],
  ['知识', safetyKnowledge],
  ['通知', safetyNotice],
  ['题目', safetyQuestion],
  ['试卷', safetyPaper],
]

/** 标签「化学安全」已被使用（课程3、题目25），不能删除. */
async function refuseUsedLabels(data: Data, ids: string[]) {
  for (const id of ids) {
    const uses: string[] = []
    for (const [name, table] of LABEL_USERS) {
      const n = await data.repo(table).count(namesLabel(table.labelIds, id))
      if (n > 0) uses.push(`${name}${n}`)
    }
    if (uses.length) {
      const label = await data.repo(safetyLabel).need(id)
      bad(`标签「${label.labelName}」已被使用（${uses.join('、')}），不能删除`)
    }
  }
}

/** A copy of a notice or knowledge row: a 草稿 「原标题（副本）」 sharing the attachments. */
async function copyRow(data: Data, table: typeof safetyNotice | typeof safetyKnowledge, id: string) {
  const repo = data.repo(table)
  const source = (await repo.need(id)) as Row
  const copy: Row = {
    ...source,
    title: `${String(source.title)}（副本）`.slice(0, 200),
    status: 0,
    viewCount: 0,
  }
  for (const key of [
    'id',
    'tenantId',
    'createUser',
    'createDept',
    'createTime',
    'updateUser',
    'updateTime',
    'isDeleted',
  ])
    delete copy[key]
  if ('publishTime' in copy) copy.publishTime = null
  const [newId] = await repo.insert(copy as never)
  return newId
}

const learningHooks = (code: string, extra: ResourceHooks = {}): ResourceHooks => ({
  readScope: publishedUnlessHolder(code),
  ...extra,
  beforeSave: async (ctx) => {
    checkLimits(ctx.row)
    await extra.beforeSave?.(ctx)
  },
})

export function registerLearningRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, labelResource, safetyLabel, {
    beforeRemove: ({ data, ids }) => refuseUsedLabels(data, ids),
  })
  route(app, safetyLearningApi.label.getDictionaryLabel, async ({ data }) => {
    const rows = await data
      .repo(safetyLabel)
      .find([eq(safetyLabel.status, 1)], { sort: [asc(safetyLabel.sort), asc(safetyLabel.id)] })
    return ok(rows.map((r) => ({ dictKey: r.id, dictValue: r.labelName ?? '', color: r.color })))
  })

  registerResourceRoutes(app, courseResource, safetyCourse, learningHooks('safety_course'))
  registerResourceRoutes(
    app,
    manualResource,
    safetyManual,
    learningHooks('safety_manual', {
      beforeSave: async ({ row, isNew }) => {
        if (row.fileId !== undefined && !/\.pdf(\?|$)/i.test(String(row.fileId)) && (isNew || row.fileId))
          bad('手册文件必须是PDF格式')
      },
    }),
  )
  registerResourceRoutes(app, knowledgeResource, safetyKnowledge, learningHooks('safety_knowledge'))
  registerResourceRoutes(
    app,
    noticeResource,
    safetyNotice,
    learningHooks('safety_notice', {
      beforeSave: async ({ row, data, isNew, request }) => {
        // publishTime is set on the first publish and kept after.
        const id = String((request.body as Row).id ?? '')
        const current = isNew ? null : await data.repo(safetyNotice).get(id)
        if (Number(row.status) === 1 && !current?.publishTime) row.publishTime = clock.now()
      },
    }),
  )
  route(app, safetyLearningApi.knowledge.copy, async ({ data, query }) =>
    ok({ id: await data.transaction((tx) => copyRow(tx, safetyKnowledge, query.id)) }),
  )
  route(app, safetyLearningApi.notice.copy, async ({ data, query }) =>
    ok({ id: await data.transaction((tx) => copyRow(tx, safetyNotice, query.id)) }),
  )
  route(app, safetyLearningApi.notice.select, async ({ data }) => {
    const rows = await data.repo(safetyNotice).list({}, { limit: 500 })
    return ok(rows.map((r) => ({ id: r.id, title: r.title ?? '' })))
  })

  registerResourceRoutes(app, homeParamResource, safetyHomeParam, {
    readScope: (request) => [sql`(${holdsSql(request.user, 'safety_homeparam')} or status = 1)`],
    beforeSave: async ({ row, data, isNew, request }) => {
      const id = String((request.body as Row).id ?? '')
      const current = isNew ? null : await data.repo(safetyHomeParam).get(id)
      const blockType = Number(row.blockType ?? current?.blockType)
      const imageId = row.imageId !== undefined ? row.imageId : current?.imageId
      if (blockType === 1 && !imageId) bad('请上传轮播图片')
    },
  })
}

import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { flowDefinition, flowModel, tenant } from '../db/schema'
import { done, ok } from '../core/envelope'
import { bad, BizError } from '../core/errors'
import { parsePaging } from '../core/query'
import { countRows, liveRows, ownedRows, pageOf } from '../core/data'
import { isPlatformAdmin } from '../core/context'
import { requireUser, scopeTenant } from '../core/scope'
import { actorOf } from './actor'
import { ensureBuiltinFlows } from './builtins'
import { deleteDeployments, deployBpmn, saveModel, type BpmnFile } from './deploy'
import { definitionList, followList } from './queries'
import { deleteInstance } from './runtime'
import { uploadedName } from '../core/input-guard'

const AnyQuery = z.record(z.string(), z.unknown())
const ID = /^\d{1,20}$/
const TENANT = /^\d{6}$/

const listOf = (raw: unknown): string[] =>
  (Array.isArray(raw) ? raw : String(raw ?? '').split(',')).map((s) => String(s).trim()).filter(Boolean)

function idsOf(raw: unknown, what: string): string[] {
  const ids = listOf(raw)
  if (!ids.length || ids.some((id) => !ID.test(id))) bad(`${what}不正确`)
  return [...new Set(ids)]
}

/**
 * Tenants a deployment goes to: the caller's own; only the platform administrator may name others
 * (all must exist). BladeX sends `tenantIds` comma-joined.
 */
async function deployTenants(app: FastifyInstance, request: FastifyRequest, raw: unknown): Promise<string[]> {
  const user = requireUser(request)
  const named = listOf(raw)
  if (!named.length || !isPlatformAdmin(user)) return [user.tenantId]
  if (named.some((t) => !TENANT.test(t))) bad('租户编号不正确')
  const found = await app.db
    .select({ tenantId: tenant.tenantId })
    .from(tenant)
    .where(and(inArray(tenant.tenantId, named), liveRows(tenant)))
  const missing = named.filter((t) => !found.some((f) => f.tenantId === t))
  if (missing.length) bad(`租户不存在：${missing.join(',')}`)
  return [...new Set(named)]
}

const CATEGORY = /^[\w-]{1,64}$/
const categoryOf = (raw: unknown): string | null => {
  const c = typeof raw === 'string' ? raw.trim() : ''
  if (!c) return null
  if (!CATEGORY.test(c)) bad('流程分类不正确')
  return c
}

/** 流程定义, 流程部署, 模型管理 and 流程监控 (`/api/blade-flow/manager|model|follow/*`). */
export function registerDefinitionRoutes(app: FastifyInstance) {
  const manager = '/api/blade-flow/manager'

  app.get(`${manager}/list`, { schema: { querystring: AnyQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>
    const tenantId = scopeTenant(request, query.tenantId)
    await ensureBuiltinFlows(app.db, tenantId)
    return ok(await definitionList(app.db, tenantId, query, parsePaging(query), false))
  })

  app.post(`${manager}/change-state`, { schema: { querystring: AnyQuery } }, async (request) => {
    const input = {
      ...((request.body ?? {}) as Record<string, unknown>),
      ...(request.query as Record<string, unknown>),
    }
    const state = String(input.state ?? '')
    if (state !== 'active' && state !== 'suspend') bad('状态参数 state 只能是 active 或 suspend')
    const processId = String(input.processId ?? input.processDefinitionId ?? '').trim()
    if (!processId) bad('请选择流程定义')
    const tenantId = scopeTenant(request, input.tenantId)
    const updated = await app.db
      .update(flowDefinition)
      .set({ suspensionState: state === 'active' ? 1 : 2 })
      .where(and(ownedRows(flowDefinition, tenantId), eq(flowDefinition.id, processId)))
      .returning({ id: flowDefinition.id })
    if (!updated.length) bad('流程定义不存在')
    return done(state === 'active' ? '激活成功' : '挂起成功')
  })

  app.post(`${manager}/deploy-upload`, async (request) => {
    if (!request.isMultipart()) bad('请以 multipart/form-data 上传流程文件')
    const files: BpmnFile[] = []
    const fields: Record<string, string> = {}
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const name = uploadedName(part.filename, 'process.bpmn')
        if (!/\.(bpmn|xml)$/i.test(name)) bad(`流程文件 ${name} 的扩展名必须是 .bpmn 或 .xml`)
        files.push({ fileName: name, xml: (await part.toBuffer()).toString('utf8') })
      } else fields[part.fieldname] = String(part.value ?? '')
    }
    const category = categoryOf(fields.category)
    if (!category) bad('请选择流程分类')
    const tenantIds = await deployTenants(app, request, fields.tenantIds ?? fields.tenantId)
    await deployBpmn(app.db, files, { tenantIds, category, source: 'upload' })
    return done('部署成功')
  })

  app.post(`${manager}/delete-deployment`, { schema: { querystring: AnyQuery } }, async (request) => {
    const input = {
      ...((request.body ?? {}) as Record<string, unknown>),
      ...(request.query as Record<string, unknown>),
    }
    const user = requireUser(request)
    await deleteDeployments(
      app.db,
      isPlatformAdmin(user) ? null : user.tenantId,
      idsOf(input.deploymentIds, '部署编号'),
    )
    return done('删除成功')
  })

  const model = '/api/blade-flow/model'

  app.get(`${model}/list`, { schema: { querystring: AnyQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>
    const tenantId = scopeTenant(request, query.tenantId)
    await ensureBuiltinFlows(app.db, tenantId)
    const paging = parsePaging(query)
    const name = typeof query.name === 'string' && query.name.trim() ? query.name.trim() : undefined
    const where = and(
      ownedRows(flowModel, tenantId),
      name ? sql`${flowModel.name} ilike ${`%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
    )
    const found = await pageOf(
      paging,
      app.db
        .select({
          id: flowModel.id,
          tenantId: flowModel.tenantId,
          modelKey: flowModel.modelKey,
          name: flowModel.name,
          description: flowModel.description,
          version: flowModel.version,
          created: flowModel.created,
          lastUpdated: flowModel.lastUpdated,
        })
        .from(flowModel)
        .where(where)
        .orderBy(flowModel.modelKey),
      () => countRows(app.db, flowModel, where),
    )
    return ok({ ...found, records: found.records.map((r) => ({ ...r, modelType: 0 })) })
  })

  // The designer's save: a BPMN document becomes (or updates) the model with its process id as key.
  app.post(
    `${model}/submit`,
    {
      schema: {
        body: z.object({
          xml: z.string().min(1, '请提供模型 XML'),
          description: z.string().max(500).optional(),
        }),
      },
    },
    async (request) => {
      const body = request.body as { xml: string; description?: string }
      return ok({ id: await saveModel(app.db, actorOf(request).tenantId, body.xml, body.description) })
    },
  )

  app.post(`${model}/remove`, { schema: { querystring: AnyQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>
    const ids = idsOf(query.ids ?? ((request.body ?? {}) as Record<string, unknown>).ids, '模型编号')
    await app.db
      .delete(flowModel)
      .where(and(ownedRows(flowModel, actorOf(request).tenantId), inArray(flowModel.id, ids)))
    return done('删除成功')
  })

  app.post(`${model}/deploy`, { schema: { querystring: AnyQuery } }, async (request) => {
    const input = {
      ...((request.body ?? {}) as Record<string, unknown>),
      ...(request.query as Record<string, unknown>),
    }
    const [modelId] = idsOf(input.modelId, '模型编号')
    const category = categoryOf(input.category)
    if (!category) bad('请选择流程分类')
    const [row] = await app.db
      .select()
      .from(flowModel)
      .where(and(ownedRows(flowModel, actorOf(request).tenantId), eq(flowModel.id, modelId)))
    if (!row) throw new BizError('模型不存在')
    const tenantIds = await deployTenants(app, request, input.tenantIds)
    await deployBpmn(app.db, [{ fileName: `${row.modelKey}.bpmn20.xml`, xml: row.xml }], {
      tenantIds,
      category,
      source: 'model',
      name: row.name,
    })
    return done('部署成功')
  })

  const follow = '/api/blade-flow/follow'

  app.get(`${follow}/list`, { schema: { querystring: AnyQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>
    return ok(await followList(app.db, scopeTenant(request, query.tenantId), query, parsePaging(query)))
  })

  app.post(`${follow}/delete-process-instance`, { schema: { querystring: AnyQuery } }, async (request) => {
    const input = {
      ...((request.body ?? {}) as Record<string, unknown>),
      ...(request.query as Record<string, unknown>),
    }
    const [instanceId] = idsOf(input.processInstanceId, '流程实例编号')
    const reason =
      String(input.deleteReason ?? '')
        .trim()
        .slice(0, 255) || '管理员删除'
    const actor = actorOf(request)
    await deleteInstance(app.db, actor, scopeTenant(request, input.tenantId), instanceId, reason)
    return done('删除成功')
  })
}

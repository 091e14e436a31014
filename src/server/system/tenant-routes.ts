import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { tenantResource } from '../../shared/resources/system/organisation'
import { idList } from '../../shared/resource/validate'
import { authSession, datasource, tenant, tenantPackage } from '../db/schema'
import { done, ok } from '../core/envelope'
import { columnsOf, dataOf, liveRows } from '../core/data'
import { bad } from '../core/errors'
import { ADMIN_TENANT_ID, isPlatformAdmin } from '../core/context'
import { filterConditions } from '../core/query'
import { registerResourceRoutes, type ResourceHooks } from '../core/resource-routes'
import { requireUser } from '../core/scope'
import { liveTenantOf } from '../auth/tenant-state'
import { bumpPermissionVersion } from '../auth/settings'
import { noteAuthChange } from '../auth/session-cache'
import { requirePlatformAdmin } from './guards'
import { tenantView } from './tenant-view'
import { idParam, optionalId, tenantParam } from './params'
import { defaultAccountNumber, nextTenantId, setUpTenant } from './tenant-setup'

type Row = Record<string, unknown>

const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/

/** The tenants a caller may read: every one for the platform administrator, else their own. */
const tenantsInView = (request: FastifyRequest, data = dataOf(request)) =>
  isPlatformAdmin(data.me) ? data.acrossTenants() : data

/**
 * Tenants through the engine: the platform administrator lists and writes every tenant, a tenant's
 * administrator reads their own record. A new tenant gets its id, quota, administrator, role, root
 * department and menus in the submit's transaction; the submit answers the tenant id (and, once, the
 * administrator's password). The quota, expiry, data source and package have their own routes below.
 */
const tenantHooks: ResourceHooks = {
  access: (request, route) => {
    if (route === 'list') requirePlatformAdmin(request)
  },
  writeAccess: (request) => requirePlatformAdmin(request),
  reach: tenantsInView,
  // A tenant's own id is its key here, so `tenantId` filters the list instead of naming a scope.
  readScope: (request) => {
    const named = (request.query as Row).tenantId
    return named === undefined ? [] : filterConditions({ tenantId: named }, columnsOf(tenant))
  },
  wholeRow: true,
  present: (rows, request) => rows.map(tenantView(request.user ?? null)),
  beforeSave: async ({ data, db, request, row, isNew, id }) => {
    delete row.tenantId
    delete row.accountNumber
    delete row.expireTime
    const body = request.body as Row
    const packageId = body.packageId ? idParam('packageId').parse(String(body.packageId)) : null
    if (packageId) {
      if (!(await data.repo(tenantPackage).exists(eq(tenantPackage.id, packageId)))) bad('产品包不存在')
      row.packageId = packageId
    }
    if (isNew) {
      row.tenantId = await nextTenantId(db)
      row.accountNumber = await defaultAccountNumber(db)
      return
    }
    // for the answer; an update leaves the column alone
    row.tenantId = (await data.repo(tenant).first(eq(tenant.id, id!)))?.tenantId
    if (packageId) await bumpPermissionVersion(db)
  },
  afterSave: async ({ db, row, isNew }) =>
    isNew
      ? setUpTenant(db, {
          tenantId: String(row.tenantId),
          tenantName: String(row.tenantName),
          packageId: (row.packageId as string | undefined) ?? null,
        })
      : undefined,
  saved: ({ row, after }) => ({ tenantId: row.tenantId, ...after }),
  beforeRemove: async ({ data, ids }) => {
    const rows = await data.repo(tenant).find([inArray(tenant.id, ids)])
    if (rows.some((r) => r.tenantId === ADMIN_TENANT_ID)) bad('不能删除平台租户')
    // A removed tenant's users are signed out at once, on every server.
    await data.db
      .update(authSession)
      .set({ revoked: true })
      .where(
        inArray(
          authSession.tenantId,
          rows.map((r) => r.tenantId),
        ),
      )
    noteAuthChange()
  },
}

export async function tenantRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, tenantResource, tenant, tenantHooks)

  // account quota and expiry of one or more tenants
  const settingInput = z
    .object({
      ids: idList,
      accountNumber: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        z.coerce
          .number({ error: '账号额度必须是整数' })
          .int('账号额度必须是整数')
          .min(-1, '账号额度不能小于-1')
          .max(1000000, '账号额度过大')
          .optional(),
      ),
      expireTime: z.preprocess(
        (v) => (v === null ? '' : v),
        z
          .string()
          .max(19)
          .refine((v) => v === '' || DATETIME.test(v), '过期时间格式应为 yyyy-MM-dd HH:mm:ss')
          .optional(),
      ),
    })
    .loose()
  app.post(
    '/api/blade-system/tenant/setting',
    { schema: { querystring: z.record(z.string(), z.unknown()), body: z.unknown() } },
    async (request) => {
      requirePlatformAdmin(request)
      const input = settingInput.parse({
        ...(request.query as object),
        ...(typeof request.body === 'object' && request.body ? request.body : {}),
      })
      const set: Partial<typeof tenant.$inferInsert> = { updateTime: new Date() }
      if (input.accountNumber !== undefined) set.accountNumber = input.accountNumber
      if (input.expireTime !== undefined)
        set.expireTime = input.expireTime === '' ? null : new Date(input.expireTime.replace(' ', 'T'))
      await app.db.transaction(async (tx) => {
        const db = tx
        const rows = await db
          .select({ id: tenant.id, tenantId: tenant.tenantId })
          .from(tenant)
          .where(and(liveRows(tenant), inArray(tenant.id, input.ids)))
        if (rows.length !== input.ids.length) bad('部分租户不存在')
        if (rows.some((r) => r.tenantId === ADMIN_TENANT_ID) && set.expireTime)
          bad('平台租户不能设置过期时间')
        await db.update(tenant).set(set).where(inArray(tenant.id, input.ids))
        // Signed-in users of a tenant that expires now are refused at once (the guard's tenant cache).
        if (input.expireTime !== undefined) await bumpPermissionVersion(db)
      })
      return done()
    },
  )

  const tenantIdInput = z.string({ error: '缺少参数 tenantId' }).regex(/^\d{6}$/, '租户ID格式不正确')
  const bodyAndQuery = (request: { query: unknown; body: unknown }) => ({
    ...(request.query as object),
    ...(typeof request.body === 'object' && request.body ? request.body : {}),
  })

  app.post(
    '/api/blade-system/tenant/datasource',
    { schema: { querystring: z.record(z.string(), z.unknown()), body: z.unknown() } },
    async (request) => {
      requirePlatformAdmin(request)
      const input = z
        .object({ tenantId: tenantIdInput, datasourceId: optionalId('datasourceId') })
        .loose()
        .parse(bodyAndQuery(request))
      if (input.datasourceId) {
        const [d] = await app.db
          .select({ id: datasource.id })
          .from(datasource)
          .where(and(eq(datasource.id, input.datasourceId), liveRows(datasource)))
        if (!d) bad('数据源不存在')
      }
      const updated = await app.db
        .update(tenant)
        .set({ datasourceId: input.datasourceId ?? null, updateTime: new Date() })
        .where(liveTenantOf(input.tenantId))
        .returning({ id: tenant.id })
      if (!updated.length) bad('租户不存在')
      return done()
    },
  )

  app.get(
    '/api/blade-system/tenant/package-detail',
    { schema: { querystring: z.object({ tenantId: tenantParam, id: optionalId() }).loose() } },
    async (request) => {
      const me = requireUser(request)
      const q = request.query as { tenantId?: string; id?: string }
      const condition = q.id ? eq(tenant.id, q.id) : liveTenantOf(q.tenantId ?? me.tenantId)
      const [t] = await app.db
        .select()
        .from(tenant)
        .where(tenantsInView(request).rows(tenant, condition))
        .limit(1)
      if (!t) bad('租户不存在或无权访问')
      if (!t.packageId) return ok({})
      const [p] = await app.db
        .select()
        .from(tenantPackage)
        .where(and(eq(tenantPackage.id, t.packageId), liveRows(tenantPackage)))
      return ok(p ?? {})
    },
  )

  app.post(
    '/api/blade-system/tenant/package-setting',
    { schema: { querystring: z.record(z.string(), z.unknown()), body: z.unknown() } },
    async (request) => {
      requirePlatformAdmin(request)
      const input = z
        .object({ tenantId: tenantIdInput, packageId: optionalId('packageId') })
        .loose()
        .parse(bodyAndQuery(request))
      if (input.tenantId === ADMIN_TENANT_ID) bad('平台租户不能设置产品包')
      if (input.packageId) {
        const [p] = await app.db
          .select({ id: tenantPackage.id })
          .from(tenantPackage)
          .where(and(eq(tenantPackage.id, input.packageId), liveRows(tenantPackage)))
        if (!p) bad('产品包不存在')
      }
      await app.db.transaction(async (tx) => {
        const db = tx
        const updated = await db
          .update(tenant)
          .set({ packageId: input.packageId ?? null, updateTime: new Date() })
          .where(liveTenantOf(input.tenantId))
          .returning({ id: tenant.id })
        if (!updated.length) bad('租户不存在')
        // The tenant's API scopes follow its package at once.
        await bumpPermissionVersion(db)
      })
      return done()
    },
  )
}

import { and, desc, eq, inArray, like, ne, type AnyColumn } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { tenantResource } from '../../shared/resources/system/organisation'
import { entitySchema, idList } from '../../shared/resource/validate'
import type { Db } from '../db/client'
import {
  authSession,
  datasource,
  dept,
  menu,
  role,
  roleMenu,
  tenant,
  tenantPackage,
  user,
} from '../db/schema'
import { done, ok } from '../core/envelope'
import { countRows, dataOf, liveRows, pageOf } from '../core/data'
import { bad } from '../core/errors'
import { nextId } from '../core/ids'
import { ADMIN_ROLE_ALIAS, ADMIN_TENANT_ID, isPlatformAdmin } from '../core/context'
import { allOf, filterConditions, parsePaging } from '../core/query'
import { requireUser } from '../core/scope'
import { readParam } from '../auth/params'
import { liveTenantOf } from '../auth/tenant-state'
import { bumpPermissionVersion } from '../auth/settings'
import { noteAuthChange } from '../auth/session-cache'
import { hashPassword, md5Hex, randomPassword } from '../auth/passwords'
import { requirePlatformAdmin } from './guards'
import { descendantIds } from '../core/tree'
import { idParam, optionalId, tenantParam } from './params'
import { packageMenuIds } from './package-menus'

type Row = Record<string, unknown>
const cols = tenant as unknown as Record<string, AnyColumn>
const live = liveRows(tenant)

/** Params that shape a new tenant (BladeX `tenant.default.*`). */
export const PARAM_TENANT_PASSWORD = 'tenant.default.password'
export const PARAM_TENANT_ACCOUNTS = 'tenant.default.accountNumber'
export const PARAM_TENANT_MENUS = 'tenant.default.menuCode'

const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/

/** The next free six-digit tenant id. */
async function nextTenantId(db: Db): Promise<string> {
  const rows = await db
    .select({ t: tenant.tenantId })
    .from(tenant)
    .where(like(tenant.tenantId, '______'))
    .orderBy(desc(tenant.tenantId))
    .limit(1)
  const n = rows.length ? Number(rows[0].t) + 1 : 1
  if (!Number.isFinite(n) || n > 999999) bad('租户ID已用尽')
  return String(n).padStart(6, '0')
}

/**
 * A new tenant's first role, department and administrator: role `administrator` (管理员), a root
 * department named after the tenant, and user `admin` with the `tenant.default.password` param (a
 * random password when the param is absent, returned once to the caller). Menus: the tenant's package,
 * else the menus named by `tenant.default.menuCode` with everything under them.
 */
async function setUpTenant(db: Db, t: { tenantId: string; tenantName: string; packageId: string | null }) {
  const roleId = nextId()
  await db.insert(role).values({
    id: roleId,
    tenantId: t.tenantId,
    parentId: '0',
    roleName: '管理员',
    roleAlias: ADMIN_ROLE_ALIAS,
    sort: 1,
  })
  const deptId = nextId()
  await db.insert(dept).values({
    id: deptId,
    tenantId: t.tenantId,
    parentId: '0',
    ancestors: '0',
    deptCategory: 1,
    deptName: t.tenantName.slice(0, 45),
    fullName: t.tenantName.slice(0, 45),
    sort: 1,
  })
  const configured = await readParam(db, PARAM_TENANT_PASSWORD)
  const password = configured || randomPassword(12)
  await db.insert(user).values({
    id: nextId(),
    tenantId: t.tenantId,
    account: 'admin',
    password: await hashPassword(md5Hex(password)),
    name: '管理员',
    realName: '管理员',
    userType: 1,
    roleId,
    deptId,
    status: 1,
  })
  let menuIds: string[] = []
  const pkg = t.packageId ? await packageMenuIds(db, t.tenantId) : null
  if (pkg) menuIds = [...pkg]
  else {
    const codes =
      (await readParam(db, PARAM_TENANT_MENUS))
        ?.split(',')
        .map((c) => c.trim())
        .filter(Boolean) ?? []
    if (codes.length) {
      const all = await db
        .select({ id: menu.id, parentId: menu.parentId, code: menu.code })
        .from(menu)
        .where(liveRows(menu))
      menuIds = [
        ...descendantIds(
          all,
          all.filter((m) => codes.includes(m.code)).map((m) => m.id),
        ),
      ]
    }
  }
  if (menuIds.length)
    await db.insert(roleMenu).values(menuIds.map((menuId) => ({ id: nextId(), roleId, menuId })))
  return { adminAccount: 'admin', adminPassword: configured ? undefined : password }
}

/** The tenants a caller may read: every one for the platform administrator, else their own. */
const tenantsInView = (request: FastifyRequest) => {
  const data = dataOf(request)
  return isPlatformAdmin(data.me) ? data.acrossTenants() : data
}

export async function tenantRoutes(app: FastifyInstance) {
  app.get(
    '/api/blade-system/tenant/list',
    { schema: { querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      requirePlatformAdmin(request)
      const q = request.query as Row
      // tenantId here is a filter on the list, not a scope
      const where = allOf([live, ...filterConditions(q, cols)])
      const found = await pageOf(
        parsePaging(q),
        app.db.select().from(tenant).where(where).orderBy(tenant.tenantId),
        () => countRows(app.db, tenant, where),
      )
      return ok({ ...found, records: found.records.map(({ licenseKey: _l, ...r }) => r) })
    },
  )

  // the platform administrator sees any tenant; a tenant's administrator only their own
  app.get(
    '/api/blade-system/tenant/detail',
    { schema: { querystring: z.object({ id: idParam() }).loose() } },
    async (request) => {
      const { id } = request.query as { id: string }
      const [row] = await app.db
        .select()
        .from(tenant)
        .where(tenantsInView(request).rows(tenant, eq(tenant.id, id)))
        .limit(1)
      if (!row) bad('数据不存在或无权访问')
      const { licenseKey: _l, ...rest } = row
      return ok(rest)
    },
  )

  const fullSchema = entitySchema(tenantResource)
  app.post(
    '/api/blade-system/tenant/submit',
    { schema: { body: z.record(z.string(), z.unknown()) } },
    async (request) => {
      requirePlatformAdmin(request)
      const body = request.body as Row
      const parsed = fullSchema.parse(body) as Row
      const packageId = body.packageId ? idParam('packageId').parse(String(body.packageId)) : null
      const result = await app.db.transaction(async (tx) => {
        const db = tx
        const isNew = !parsed.id
        if (parsed.domain) {
          const clash = await db
            .select({ id: tenant.id })
            .from(tenant)
            .where(
              allOf([
                live,
                eq(tenant.domain, String(parsed.domain)),
                isNew ? undefined : ne(tenant.id, String(parsed.id)),
              ]),
            )
          if (clash.length) bad('绑定域名已被使用')
        }
        if (packageId) {
          const [p] = await db
            .select({ id: tenantPackage.id })
            .from(tenantPackage)
            .where(and(eq(tenantPackage.id, packageId), liveRows(tenantPackage)))
          if (!p) bad('产品包不存在')
        }
        const values = {
          tenantName: String(parsed.tenantName),
          linkman: (parsed.linkman as string) ?? null,
          contactNumber: (parsed.contactNumber as string) ?? null,
          address: (parsed.address as string) ?? null,
          domain: (parsed.domain as string) ?? null,
          backgroundUrl: (parsed.backgroundUrl as string) ?? null,
          ...(packageId ? { packageId } : {}),
        }
        if (!isNew) {
          const updated = await db
            .update(tenant)
            .set({ ...values, updateUser: request.user!.userId, updateTime: new Date() })
            .where(and(live, eq(tenant.id, String(parsed.id))))
            .returning({ id: tenant.id, tenantId: tenant.tenantId })
          if (!updated.length) bad('数据不存在或无权修改')
          if (packageId) await bumpPermissionVersion(db)
          return { id: updated[0].id, tenantId: updated[0].tenantId }
        }
        const tenantId = await nextTenantId(db)
        const accounts = Number((await readParam(db, PARAM_TENANT_ACCOUNTS)) ?? -1)
        const id = nextId()
        await db.insert(tenant).values({
          id,
          tenantId,
          ...values,
          accountNumber: Number.isInteger(accounts) ? accounts : -1,
          createUser: request.user!.userId,
          updateUser: request.user!.userId,
        })
        const admin = await setUpTenant(db, { tenantId, tenantName: values.tenantName, packageId })
        return { id, tenantId, ...admin }
      })
      return ok(result)
    },
  )

  app.post(
    '/api/blade-system/tenant/remove',
    { schema: { querystring: z.object({ ids: idList }).loose() } },
    async (request) => {
      requirePlatformAdmin(request)
      const { ids } = request.query as { ids: string[] }
      await app.db.transaction(async (tx) => {
        const db = tx
        const rows = await db
          .select({ id: tenant.id, tenantId: tenant.tenantId })
          .from(tenant)
          .where(and(live, inArray(tenant.id, ids)))
        if (rows.length !== ids.length) bad('部分数据不存在或无权删除')
        if (rows.some((r) => r.tenantId === ADMIN_TENANT_ID)) bad('不能删除平台租户')
        await db.update(tenant).set({ isDeleted: 1, updateTime: new Date() }).where(inArray(tenant.id, ids))
        // A removed tenant's users are signed out at once, on every server.
        await db
          .update(authSession)
          .set({ revoked: true })
          .where(
            inArray(
              authSession.tenantId,
              rows.map((r) => r.tenantId),
            ),
          )
        noteAuthChange()
      })
      return done()
    },
  )

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
          .where(and(live, inArray(tenant.id, input.ids)))
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

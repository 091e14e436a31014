import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { userResource } from '../../shared/resources/system/user'
import {
  idsParam,
  infoForm,
  passwordForm,
  platformInput,
  platformQuery,
  repetitionQuery,
  userApi,
} from '../../shared/api/user'
import { Id } from '../../shared/api/common'
import { ok, done } from '../core/envelope'
import { nextId } from '../core/ids'
import { bad, ForbiddenError } from '../core/errors'
import { isAdministrator } from '../core/context'
import { requireUser, scopeTenant } from '../core/scope'
import { dataOf, type Data } from '../core/data'
import { defaultSort, registerResourceRoutes } from '../core/resource-routes'
import { route } from '../core/route'
import { user, userOther } from '../db/schema'
import { checkPassword, hashPassword, md5Hex } from '../auth/passwords'
import { PARAM_INIT_PASSWORD, readParam } from '../auth/params'
import { revokeUserSessions } from '../auth/sessions'
import { clearFailures } from '../auth/lockout'
import { presentUsers } from './present'
import {
  accountTaken,
  checkRefs,
  LINK_FILTERS,
  linkFilters,
  linkFiltersOf,
  requireVisibleUsers,
  usersOf,
} from './access'
import { userHooks } from './hooks'
import { registerRegistrationRoutes } from './registration'

const BASE = '/api/blade-user'
type Row = Record<string, unknown>
const anyQuery = z.record(z.string(), z.unknown())
const anyBody = z.record(z.string(), z.unknown())

/** Query and JSON body merged: BladeX clients send the same parameters either way. */
export const inputOf = (request: FastifyRequest): Row => ({
  ...((request.query as Row) ?? {}),
  ...(request.body && typeof request.body === 'object' && !Array.isArray(request.body)
    ? (request.body as Row)
    : {}),
})

/** The users a list query matches (filters, department subtree, role, post), unpaged, in page order. */
export const listedUsers = (request: FastifyRequest, query: Row, limit?: number) =>
  listedUsersOf(dataOf(request, { tenant: query.tenantId }), query, limit, linkFilters(request))

/** listedUsers in `data`'s reach (tenant and data scope), for a queued export that has no request. */
export const listedUsersOf = (data: Data, query: Row, limit?: number, links = linkFiltersOf(data, query)) =>
  data.repo(user, userResource).list(query, {
    where: links,
    filters: { skip: LINK_FILTERS },
    sort: defaultSort(userResource, user),
    limit,
  })

/**
 * `/api/blade-user/*`: list, page, detail, submit, update and remove by the engine from the user
 * definition (userHooks); the caller's own profile, grants, passwords, platform settings and extra
 * info here, every user reached through the data layer (tenant, live rows, data scope `user`).
 */
export function registerUserRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, userResource, user, userHooks)

  route(app, userApi.userList, async ({ request, query }) =>
    ok(await presentUsers(app.db, await listedUsers(request, query))),
  )

  app.get(`${BASE}/info`, { config: { anyUser: true } }, async (request) => {
    const me = requireUser(request)
    const row = await dataOf(request).repo(user).first(eq(user.id, me.userId))
    if (!row) bad('用户不存在')
    return ok((await presentUsers(app.db, [row!]))[0])
  })

  const grantInput = z.object({ userIds: idsParam(), roleIds: idsParam('角色') })
  app.post(`${BASE}/grant`, { schema: { querystring: anyQuery } }, async (request) => {
    const raw = inputOf(request)
    const input = grantInput.parse(raw)
    await requireVisibleUsers(request, input.userIds, raw.tenantId)
    await dataOf(request, { tenant: raw.tenantId }).transaction(async (data) => {
      await checkRefs(data.db, data.tenantId, input.roleIds, [])
      await data.repo(user, userResource).update(input.userIds, { roleId: input.roleIds.join(',') })
      // Tokens carry the roles: the new ones take effect by signing the users out.
      for (const id of input.userIds) await revokeUserSessions(data.db, id)
    })
    return done()
  })

  const resetInput = z.object({ userIds: idsParam() })
  app.post(`${BASE}/reset-password`, { schema: { querystring: anyQuery } }, async (request) => {
    const raw = inputOf(request)
    const input = resetInput.parse(raw)
    const initPassword = await readParam(app.db, PARAM_INIT_PASSWORD)
    if (!initPassword) bad('未配置初始密码参数 account.initPassword')
    const hashed = await hashPassword(md5Hex(initPassword!))
    await requireVisibleUsers(request, input.userIds, raw.tenantId)
    await dataOf(request, { tenant: raw.tenantId }).transaction(async (data) => {
      await data.repo(user, userResource).update(input.userIds, { password: hashed })
      for (const id of input.userIds) await revokeUserSessions(data.db, id)
    })
    return done()
  })

  app.post(
    `${BASE}/update-password`,
    { config: { anyUser: true }, schema: { querystring: anyQuery } },
    async (request) => {
      const me = requireUser(request)
      const input = passwordForm.parse(inputOf(request))
      if (input.newPassword !== input.newPassword1) bad('请输入正确的确认密码!')
      const own = dataOf(request).repo(user)
      const row = await own.first(eq(user.id, me.userId))
      if (!row || !(await checkPassword(row.password, input.oldPassword)).ok) bad('原密码不正确!')
      await own.update(me.userId, { password: await hashPassword(input.newPassword) })
      return done()
    },
  )

  app.post(
    `${BASE}/update-info`,
    { config: { anyUser: true }, schema: { body: anyBody } },
    async (request) => {
      const me = requireUser(request)
      const form = infoForm.parse(request.body)
      const values: Partial<typeof user.$inferInsert> = { phone: form.phone }
      for (const key of ['name', 'realName', 'email', 'avatar'] as const)
        if (form[key] !== undefined) values[key] = form[key]
      await dataOf(request).repo(user).update(me.userId, values)
      return done()
    },
  )

  /** `data: true` when the account is already taken in the tenant (the form shows 账号已存在). */
  app.get(`${BASE}/checkRepetition`, { schema: { querystring: repetitionQuery } }, async (request) => {
    const q = request.query as z.infer<typeof repetitionQuery>
    const tenantId = scopeTenant(request, q.tenantId)
    const taken = await accountTaken(app.db, tenantId, q.account, q.id || undefined)
    return ok(taken, taken ? `当前用户 [${q.account}] 已存在!` : '操作成功')
  })
  // The registration dialog asks before signing in: the tenant is named explicitly.
  app.get(
    `${BASE}/checkRepetition2`,
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { querystring: repetitionQuery },
    },
    async (request) => {
      const q = request.query as z.infer<typeof repetitionQuery>
      const tenantId = request.user ? scopeTenant(request, q.tenantId) : q.tenantId
      if (!tenantId) bad('请先输入租户ID')
      const except = request.user ? q.id || undefined : undefined
      const taken = await accountTaken(app.db, tenantId!, q.account, except)
      return ok(taken, taken ? `当前用户 [${q.account}] 已存在!` : '操作成功')
    },
  )

  app.post(`${BASE}/update-platform`, { schema: { querystring: anyQuery } }, async (request) => {
    const raw = inputOf(request)
    const input = platformInput.parse({ ...raw, userId: raw.userId ?? raw.id })
    if (input.userExt) {
      try {
        JSON.parse(input.userExt)
      } catch {
        bad('扩展信息必须是 JSON')
      }
    }
    await requireVisibleUsers(request, [input.userId], raw.tenantId)
    const userExt = input.userExt ?? null
    await app.db
      .insert(userOther)
      .values({ id: nextId(), userId: input.userId, userType: input.userType, userExt })
      .onConflictDoUpdate({ target: [userOther.userId, userOther.userType], set: { userExt } })
    return done()
  })

  app.get(`${BASE}/platform-detail`, { schema: { querystring: platformQuery } }, async (request) => {
    const q = request.query as z.infer<typeof platformQuery> & { tenantId?: string }
    const row = await usersOf(request, q.tenantId).need(q.id, '用户不存在或无权访问')
    const userType = q.userType ?? row.userType
    const ext = await otherOf(request, row.id, userType)
    const [presented] = await presentUsers(app.db, [row])
    return ok({ ...presented, userType, userExt: ext?.userExt ?? '' })
  })

  const otherQuery = z.object({ userId: Id().optional() }).loose()
  /** Extra profile fields of a user (yourself when no userId). */
  app.get(`${BASE}/user-other`, { schema: { querystring: otherQuery } }, async (request) => {
    const q = request.query as { userId?: string; tenantId?: string }
    const userId = q.userId ?? requireUser(request).userId
    await usersOf(request, q.tenantId).need(userId, '用户不存在或无权访问')
    const other = await otherOf(request, userId, 0)
    return ok({ userId, ...(other?.otherInfo ? (JSON.parse(other.otherInfo) as Row) : {}) })
  })

  app.post(`${BASE}/saveUserOther`, { schema: { body: anyBody } }, async (request) => {
    const body = request.body as Row
    const userId = typeof body.userId === 'string' && body.userId ? body.userId : requireUser(request).userId
    const { userId: _u, id: _id, tenantId, ...info } = body
    const text = JSON.stringify(info)
    if (text.length > 20000) bad('扩展信息过长')
    await requireVisibleUsers(request, [Id().parse(userId)], tenantId)
    // userType 0 holds the free-form profile; 1-3 hold the platform extensions.
    await app.db
      .insert(userOther)
      .values({ id: nextId(), userId, userType: 0, otherInfo: text })
      .onConflictDoUpdate({ target: [userOther.userId, userOther.userType], set: { otherInfo: text } })
    return done()
  })

  app.post(`${BASE}/unlock`, { schema: { querystring: anyQuery } }, async (request) => {
    if (!isAdministrator(requireUser(request))) throw new ForbiddenError()
    const raw = inputOf(request)
    const ids = idsParam().parse(raw.userIds ?? raw.ids)
    const rows = await requireVisibleUsers(request, ids, raw.tenantId)
    for (const r of rows) await clearFailures(app.db, r.tenantId, r.account)
    return done()
  })

  registerRegistrationRoutes(app)
}

/** The platform (1–3) or free-form (0) extension row of a user the caller has already reached. */
const otherOf = async (request: FastifyRequest, userId: string, userType: number) =>
  dataOf(request)
    .repo(userOther)
    .first(and(eq(userOther.userId, userId), eq(userOther.userType, userType)))

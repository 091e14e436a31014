import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { ok, done, page } from '../core/envelope'
import { bad, ForbiddenError } from '../core/errors'
import { nextId } from '../core/ids'
import { isAdministrator } from '../core/context'
import { requireUser, scopeTenant } from '../core/scope'
import { allOf, filterConditions, orderBy, parsePaging } from '../core/query'
import { user, userOther } from '../db/schema'
import { asClientHash, checkPassword, hashPassword, md5Hex } from '../auth/passwords'
import { PARAM_INIT_PASSWORD, readParam } from '../auth/params'
import { revokeUserSessions } from '../auth/sessions'
import { splitIds } from '../auth/identity'
import { presentUsers, type UserRow } from './present'
import { pageOfUsers } from './page-query'
import {
  accountTaken,
  checkAccountLimit,
  checkRefs,
  filterColumns,
  hasRole,
  inDeptTree,
  requireVisibleUsers,
  visibleUsers,
} from './access'
import { idsParam, infoForm, passwordForm, userForm, type UserForm } from './validation'
import { registerRegistrationRoutes } from './registration'
import { liveRows } from '../core/data'
import { clearFailures } from '../auth/lockout'

const BASE = '/api/blade-user'
const ID = /^\d{1,19}$/
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

const idQuery = z
  .object({ id: z.string({ error: '缺少参数 id' }).regex(ID, { error: '主键格式不正确' }) })
  .loose()

const toDate = (v?: string) => (v ? new Date(v.length === 10 ? `${v}T00:00:00` : v.replace(' ', 'T')) : null)

/** The column values of a validated form (password handled by the callers). */
function columnsOf(form: UserForm): Partial<typeof user.$inferInsert> {
  const out: Partial<typeof user.$inferInsert> = {}
  const keys = [
    'account',
    'name',
    'realName',
    'code',
    'email',
    'phone',
    'avatar',
    'sex',
    'userType',
    'roleId',
    'deptId',
    'postId',
    'oauthId',
  ] as const
  for (const key of keys) if (form[key] !== undefined) (out as Row)[key] = form[key]
  if (form.birthday !== undefined) out.birthday = toDate(form.birthday)
  return out
}

export function registerUserRoutes(app: FastifyInstance) {
  const one = async (request: FastifyRequest, id: string, explicitTenant?: unknown) => {
    const { where } = await visibleUsers(app, request, explicitTenant)
    const rows = await app.db
      .select()
      .from(user)
      .where(and(where, eq(user.id, id)))
      .limit(1)
    return rows[0] as UserRow | undefined
  }

  app.get(`${BASE}/page`, { schema: { querystring: anyQuery } }, async (request) => {
    const q = request.query as Row
    const { current, size } = parsePaging(q)
    const { tenantId, where } = await visibleUsers(app, request, q.tenantId)
    const extra: (SQL | undefined)[] = []
    const deptId = q.deptId === undefined || q.deptId === '' ? undefined : String(q.deptId)
    const roleId = q.roleId === undefined || q.roleId === '' ? undefined : String(q.roleId)
    if (deptId !== undefined && !ID.test(deptId)) bad('部门主键格式不正确')
    if (roleId !== undefined && !ID.test(roleId)) bad('角色主键格式不正确')
    if (deptId) extra.push(inDeptTree(tenantId, deptId))
    if (roleId) extra.push(hasRole(roleId))
    const cond = allOf([
      where,
      ...filterConditions(q, filterColumns, new Set(['tenantId', 'deptId', 'roleId', 'postId'])),
      ...extra,
    ]) as SQL
    const order = orderBy(q, filterColumns, [desc(user.createTime), desc(user.id)])
    const { total, rows } = await pageOfUsers(app.db, cond, order, {
      limit: size,
      offset: (current - 1) * size,
    })
    return ok(page(await presentUsers(app.db, rows), total, current, size))
  })

  app.get(`${BASE}/detail`, { schema: { querystring: idQuery } }, async (request) => {
    const q = request.query as { id: string; tenantId?: string }
    const row = await one(request, q.id, q.tenantId)
    if (!row) bad('用户不存在或无权访问')
    return ok((await presentUsers(app.db, [row!]))[0])
  })

  app.get(`${BASE}/info`, { config: { anyUser: true } }, async (request) => {
    const me = requireUser(request)
    const rows = await app.db
      .select()
      .from(user)
      .where(and(eq(user.id, me.userId), liveRows(user)))
    if (!rows.length) bad('用户不存在')
    return ok((await presentUsers(app.db, rows))[0])
  })

  /** Insert (submit without id) or update; the password is only set on insert. */
  async function save(request: FastifyRequest, body: Row, mode: 'submit' | 'update') {
    const me = requireUser(request)
    const form = userForm.parse(body)
    const isNew = !form.id
    if (mode === 'update' && isNew) bad('修改数据缺少主键')
    const tenantId = scopeTenant(request, form.tenantId)
    // Reads through app.db happen before the transaction: PGlite has one connection.
    const existing = isNew ? undefined : await one(request, form.id!, form.tenantId)
    if (!isNew && !existing) bad('用户不存在或无权修改')
    await app.db.transaction(async (tx) => {
      const db = tx
      if (isNew) {
        if (!form.account) bad('请输入账号')
        if (!form.password) bad('请输入密码')
        if (form.password2 !== undefined && form.password2 !== form.password) bad('两次密码输入不一致')
        await checkAccountLimit(db, tenantId)
      }
      const target = existing?.tenantId ?? tenantId
      if (form.account && (await accountTaken(db, target, form.account, existing?.id)))
        bad(`当前用户 [${form.account}] 已存在!`)
      await checkRefs(db, target, splitIds(form.roleId), splitIds(form.deptId))
      const values = columnsOf(form)
      const now = new Date()
      if (isNew) {
        await db.insert(user).values({
          ...values,
          id: nextId(),
          tenantId,
          account: form.account!,
          password: await hashPassword(asClientHash(form.password!)),
          userType: form.userType ?? 1,
          status: 1,
          createUser: me.userId,
          createDept: me.deptIds[0] ?? null,
          createTime: now,
          updateUser: me.userId,
          updateTime: now,
        })
      } else {
        await db
          .update(user)
          .set({ ...values, updateUser: me.userId, updateTime: now })
          .where(eq(user.id, existing!.id))
        // Tokens carry the roles and depts: a changed one takes effect by signing the user out.
        if (
          (values.roleId !== undefined && values.roleId !== existing!.roleId) ||
          (values.deptId !== undefined && values.deptId !== existing!.deptId)
        )
          await revokeUserSessions(db, existing!.id)
      }
    })
  }

  app.post(`${BASE}/submit`, { schema: { body: anyBody } }, async (request) => {
    await save(request, request.body as Row, 'submit')
    return done()
  })
  app.post(`${BASE}/update`, { schema: { body: anyBody } }, async (request) => {
    await save(request, request.body as Row, 'update')
    return done()
  })

  app.post(
    `${BASE}/remove`,
    { schema: { querystring: z.object({ ids: idsParam() }).loose() } },
    async (request) => {
      const me = requireUser(request)
      const q = request.query as { ids: string[]; tenantId?: string }
      if (q.ids.includes(me.userId)) bad('不能删除当前登录用户')
      const { rows } = await requireVisibleUsers(app, request, q.ids, q.tenantId)
      await app.db.transaction(async (tx) => {
        const db = tx
        await db
          .update(user)
          .set({ isDeleted: 1, updateUser: me.userId, updateTime: new Date() })
          .where(
            inArray(
              user.id,
              rows.map((r) => r.id),
            ),
          )
        for (const r of rows) await revokeUserSessions(db, r.id)
      })
      return done()
    },
  )

  const grantInput = z.object({ userIds: idsParam(), roleIds: idsParam('角色') })
  app.post(`${BASE}/grant`, { schema: { querystring: anyQuery } }, async (request) => {
    const input = grantInput.parse(inputOf(request))
    const explicit = inputOf(request).tenantId
    const { rows } = await requireVisibleUsers(app, request, input.userIds, explicit)
    await app.db.transaction(async (tx) => {
      const db = tx
      for (const tenantId of new Set(rows.map((r) => r.tenantId)))
        await checkRefs(db, tenantId, input.roleIds, [])
      await db
        .update(user)
        .set({
          roleId: input.roleIds.join(','),
          updateUser: requireUser(request).userId,
          updateTime: new Date(),
        })
        .where(inArray(user.id, input.userIds))
      // Tokens carry the roles: the new ones take effect by signing the users out.
      for (const id of input.userIds) await revokeUserSessions(db, id)
    })
    return done()
  })

  const resetInput = z.object({ userIds: idsParam() })
  app.post(`${BASE}/reset-password`, { schema: { querystring: anyQuery } }, async (request) => {
    const input = resetInput.parse(inputOf(request))
    const initPassword = await readParam(app.db, PARAM_INIT_PASSWORD)
    if (!initPassword) bad('未配置初始密码参数 account.initPassword')
    const hashed = await hashPassword(md5Hex(initPassword!))
    await requireVisibleUsers(app, request, input.userIds, inputOf(request).tenantId)
    await app.db.transaction(async (tx) => {
      const db = tx
      await db
        .update(user)
        .set({ password: hashed, updateUser: requireUser(request).userId, updateTime: new Date() })
        .where(inArray(user.id, input.userIds))
      // Tokens carry the roles: the new ones take effect by signing the users out.
      for (const id of input.userIds) await revokeUserSessions(db, id)
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
      const rows = await app.db
        .select()
        .from(user)
        .where(and(eq(user.id, me.userId), liveRows(user)))
      if (!rows.length || !(await checkPassword(rows[0].password, input.oldPassword)).ok) bad('原密码不正确!')
      await app.db
        .update(user)
        .set({
          password: await hashPassword(input.newPassword),
          updateUser: me.userId,
          updateTime: new Date(),
        })
        .where(eq(user.id, me.userId))
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
      await app.db
        .update(user)
        .set({ ...values, updateUser: me.userId, updateTime: new Date() })
        .where(and(eq(user.id, me.userId), liveRows(user)))
      return done()
    },
  )

  const repetitionQuery = z
    .object({
      account: z
        .string({ error: '请输入账号' })
        .trim()
        .min(1, { error: '请输入账号' })
        .max(45, { error: '账号长度不能超过45个字符' }),
      id: z.string().regex(ID, { error: '主键格式不正确' }).optional().or(z.literal('')),
      tenantId: z
        .string()
        .regex(/^\d{6}$/, { error: '租户ID格式不正确' })
        .optional()
        .or(z.literal('')),
    })
    .loose()
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
      const taken = await accountTaken(
        app.db,
        tenantId!,
        q.account,
        request.user ? q.id || undefined : undefined,
      )
      return ok(taken, taken ? `当前用户 [${q.account}] 已存在!` : '操作成功')
    },
  )

  const platformInput = z.object({
    userId: z.string({ error: '请选择用户' }).regex(ID, { error: '主键格式不正确' }),
    userType: z.coerce
      .number({ error: '用户平台不正确' })
      .int()
      .min(1, { error: '用户平台不正确' })
      .max(3, { error: '用户平台不正确' }),
    userExt: z.string().max(10000, { error: '扩展信息过长' }).optional(),
  })
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
    await requireVisibleUsers(app, request, [input.userId], raw.tenantId)
    await app.db.transaction(async (tx) => {
      const db = tx
      await db
        .insert(userOther)
        .values({
          id: nextId(),
          userId: input.userId,
          userType: input.userType,
          userExt: input.userExt ?? null,
        })
        .onConflictDoUpdate({
          target: [userOther.userId, userOther.userType],
          set: { userExt: input.userExt ?? null },
        })
    })
    return done()
  })

  const platformQuery = z
    .object({
      id: z.string({ error: '缺少参数 id' }).regex(ID, { error: '主键格式不正确' }),
      userType: z.coerce.number().int().min(1).max(3).optional(),
    })
    .loose()
  app.get(`${BASE}/platform-detail`, { schema: { querystring: platformQuery } }, async (request) => {
    const q = request.query as { id: string; userType?: number; tenantId?: string }
    const row = await one(request, q.id, q.tenantId)
    if (!row) bad('用户不存在或无权访问')
    const userType = q.userType ?? row!.userType
    const ext = await app.db
      .select()
      .from(userOther)
      .where(and(eq(userOther.userId, row!.id), eq(userOther.userType, userType)))
    const [presented] = await presentUsers(app.db, [row!])
    return ok({ ...presented, userType, userExt: ext[0]?.userExt ?? '' })
  })

  const otherQuery = z
    .object({ userId: z.string().regex(ID, { error: '主键格式不正确' }).optional() })
    .loose()
  /** Extra profile fields of a user (yourself when no userId). */
  app.get(`${BASE}/user-other`, { schema: { querystring: otherQuery } }, async (request) => {
    const q = request.query as { userId?: string; tenantId?: string }
    const userId = q.userId ?? requireUser(request).userId
    if (!(await one(request, userId, q.tenantId))) bad('用户不存在或无权访问')
    const rows = await app.db
      .select()
      .from(userOther)
      .where(and(eq(userOther.userId, userId), eq(userOther.userType, 0)))
    return ok({ userId, ...(rows[0]?.otherInfo ? (JSON.parse(rows[0].otherInfo) as Row) : {}) })
  })

  app.post(`${BASE}/saveUserOther`, { schema: { body: anyBody } }, async (request) => {
    const body = request.body as Row
    const userId = typeof body.userId === 'string' && body.userId ? body.userId : requireUser(request).userId
    if (!ID.test(userId)) bad('主键格式不正确')
    const { userId: _u, id: _id, tenantId, ...info } = body
    const text = JSON.stringify(info)
    if (text.length > 20000) bad('扩展信息过长')
    await requireVisibleUsers(app, request, [userId], tenantId)
    await app.db.transaction(async (tx) => {
      const db = tx
      // userType 0 holds the free-form profile; 1-3 hold the platform extensions.
      await db
        .insert(userOther)
        .values({ id: nextId(), userId, userType: 0, otherInfo: text })
        .onConflictDoUpdate({ target: [userOther.userId, userOther.userType], set: { otherInfo: text } })
    })
    return done()
  })

  app.post(`${BASE}/unlock`, { schema: { querystring: anyQuery } }, async (request) => {
    if (!isAdministrator(requireUser(request))) throw new ForbiddenError()
    const raw = inputOf(request)
    const ids = idsParam().parse(raw.userIds ?? raw.ids)
    const { rows } = await requireVisibleUsers(app, request, ids, raw.tenantId)
    for (const r of rows) await clearFailures(app.db, r.tenantId, r.account)
    return done()
  })

  registerRegistrationRoutes(app)
}

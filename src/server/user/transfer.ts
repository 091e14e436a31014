import type { FastifyInstance } from 'fastify'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import * as XLSX from 'xlsx'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { nextId } from '../core/ids'
import { requireUser } from '../core/scope'
import { allOf, filterConditions } from '../core/query'
import type { Db } from '../db/client'
import { user } from '../db/schema'
import { asClientHash, hashPassword, md5Hex } from '../auth/passwords'
import { PARAM_INIT_PASSWORD, readParam } from '../auth/params'
import { splitIds } from '../auth/identity'
import { checkAccountLimit, checkRefs, filterColumns, visibleUsers } from './access'
import { presentUsers } from './present'
import { userForm } from './validation'

const BASE = '/api/blade-user'
type Row = Record<string, unknown>
const MAX_ROWS = 5000

const COLUMNS: [key: string, title: string][] = [
  ['account', '账号'],
  ['name', '昵称'],
  ['realName', '姓名'],
  ['code', '编号'],
  ['email', '邮箱'],
  ['phone', '手机号码'],
  ['sexName', '性别'],
  ['roleName', '角色'],
  ['deptName', '部门'],
  ['postName', '岗位'],
  ['statusName', '状态'],
  ['createTime', '创建时间'],
]

/** import-user (a JSON batch of spreadsheet rows, all or nothing) and export-user (xlsx of the filtered list). */
export function registerUserTransferRoutes(app: FastifyInstance) {
  app.get(
    `${BASE}/export-user`,
    { schema: { querystring: z.record(z.string(), z.unknown()) } },
    async (request, reply) => {
      const q = request.query as Row
      const { where } = await visibleUsers(app, request, q.tenantId)
      const rows = await app.db
        .select()
        .from(user)
        .where(
          allOf([
            where,
            ...filterConditions(q, filterColumns, new Set(['tenantId', 'deptId', 'roleId', 'postId'])),
          ]),
        )
        .orderBy(desc(user.createTime), desc(user.id))
        .limit(50000)
      const presented = (await presentUsers(app.db, rows)) as unknown as Row[]
      const sheet = XLSX.utils.aoa_to_sheet([
        COLUMNS.map(([, title]) => title),
        ...presented.map((r) => COLUMNS.map(([key]) => r[key] ?? '')),
      ])
      const book = XLSX.utils.book_new()
      XLSX.utils.book_append_sheet(book, sheet, '用户')
      const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('用户数据.xlsx')}`)
        .send(buffer)
    },
  )

  const batch = z.union([
    z.array(z.record(z.string(), z.unknown())),
    z.object({ data: z.array(z.record(z.string(), z.unknown())) }).loose(),
  ])
  app.post(`${BASE}/import-user`, { schema: { body: batch } }, async (request) => {
    const me = requireUser(request)
    const body = request.body as Row[] | { data: Row[] }
    const items = Array.isArray(body) ? body : body.data
    if (!items.length) bad('导入数据为空')
    if (items.length > MAX_ROWS) bad(`一次最多导入 ${MAX_ROWS} 条`)
    const { tenantId } = await visibleUsers(app, request, (request.query as Row).tenantId)
    const initPassword = await readParam(app.db, PARAM_INIT_PASSWORD)
    const forms = items.map((item, i) => {
      const parsed = userForm.safeParse(item)
      if (!parsed.success) bad(`第 ${i + 1} 行: ${parsed.error.issues[0]?.message ?? '数据格式不正确'}`)
      const form = parsed.data!
      if (!form.account) bad(`第 ${i + 1} 行: 请输入账号`)
      if (!form.password && !initPassword) bad(`第 ${i + 1} 行: 请输入密码`)
      return form
    })
    const accounts = forms.map((f) => f.account!)
    const dup = accounts.find((a, i) => accounts.indexOf(a) !== i)
    if (dup) bad(`账号 [${dup}] 在导入数据中重复`)
    const defaultHash = initPassword ? await hashPassword(md5Hex(initPassword)) : ''
    await app.db.transaction(async (tx) => {
      const db = tx as unknown as Db
      const taken = await db
        .select({ account: user.account })
        .from(user)
        .where(and(inArray(user.account, accounts), eq(user.tenantId, tenantId), eq(user.isDeleted, 0)))
      if (taken.length) bad(`当前用户 [${taken[0].account}] 已存在!`)
      for (const form of forms) {
        await checkAccountLimit(db, tenantId)
        await checkRefs(db, tenantId, splitIds(form.roleId), splitIds(form.deptId))
        const now = new Date()
        await db.insert(user).values({
          id: nextId(),
          tenantId,
          account: form.account!,
          password: form.password ? await hashPassword(asClientHash(form.password)) : defaultHash,
          name: form.name ?? null,
          realName: form.realName ?? null,
          code: form.code ?? null,
          email: form.email ?? null,
          phone: form.phone ?? null,
          sex: form.sex ?? null,
          roleId: form.roleId ?? null,
          deptId: form.deptId ?? null,
          postId: form.postId ?? null,
          userType: form.userType ?? 1,
          status: 1,
          createUser: me.userId,
          createDept: me.deptIds[0] ?? null,
          createTime: now,
          updateUser: me.userId,
          updateTime: now,
        })
      }
    })
    return ok({ count: forms.length }, `成功导入 ${forms.length} 条`)
  })
}

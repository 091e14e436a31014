import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { inArray } from 'drizzle-orm'
import { z } from 'zod'
import { userResource } from '../../shared/resources/system/user'
import { entitySchema } from '../../shared/resource/validate'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import type { Db } from '../db/client'
import { dept, post, role, user } from '../db/schema'
import { asClientHash, hashPassword } from '../auth/passwords'
import { splitIds } from '../auth/identity'
import { checkAccountLimit, checkRefs } from './access'
import { presentUsers } from './present'
import { newPasswordHash } from './hooks'
import { listedUsers, listedUsersOf } from './routes'
import { queuedExport, wantsAsync } from '../download'
import { registerProducer } from '../download/producers'
import { dataOf, dataOfTenant } from '../core/data'
import { sheetjs } from '../core/sheetjs'

const BASE = '/api/blade-user'
type Row = Record<string, unknown>
const MAX_ROWS = 5000
/** An import row is checked by the definition's rules; like an edit, only the account is required. */
const importRow = entitySchema(userResource, { partial: true })

/** Export columns; the titles are the labels the user screen's import maps back to fields. */
const COLUMNS: [key: string, title: string][] = [
  ['account', '登录账号'],
  ['name', '用户昵称'],
  ['realName', '用户姓名'],
  ['code', '用户编号'],
  ['email', '电子邮箱'],
  ['phone', '手机号码'],
  ['sexName', '用户性别'],
  ['roleName', '所属角色'],
  ['deptName', '所属部门'],
  ['postName', '所属岗位'],
  ['statusName', '状态'],
  ['createTime', '创建时间'],
]

type RefKind = 'role' | 'dept' | 'post'
const REF_LABEL: Record<RefKind, string> = { role: '角色', dept: '部门', post: '岗位' }

/** name -> ids and the id set of the tenant's live roles, depts and posts. */
async function tenantRefs(db: Db, tenantId: string) {
  const data = dataOfTenant(db, tenantId)
  const [roles, depts, posts] = await Promise.all([
    db.select({ id: role.id, name: role.roleName }).from(role).where(data.rows(role)),
    db.select({ id: dept.id, name: dept.deptName }).from(dept).where(data.rows(dept)),
    db.select({ id: post.id, name: post.postName }).from(post).where(data.rows(post)),
  ])
  // posts are an engine table (columns typed unknown), hence the String()s
  const index = (rows: { id: unknown; name: unknown }[]) => {
    const byName = new Map<string, string[]>()
    for (const r of rows)
      if (r.name) byName.set(String(r.name), [...(byName.get(String(r.name)) ?? []), String(r.id)])
    return { byName, ids: new Set(rows.map((r) => String(r.id))) }
  }
  return { role: index(roles), dept: index(depts), post: index(posts) }
}

/**
 * The role, dept and post cells of an import row as id lists: each cell lists names as the export
 * writes them (`roleName`, ...) or ids (`roleId`, ...), split at commas or 、. A name must name
 * exactly one row of the tenant; an id must be one of the tenant's.
 */
function resolveRefs(item: Row, line: number, refs: Awaited<ReturnType<typeof tenantRefs>>): Row {
  const out: Row = { ...item }
  for (const kind of ['role', 'dept', 'post'] as const) {
    const cell = item[`${kind}Name`] ?? item[`${kind}Id`]
    delete out[`${kind}Name`]
    if (cell === undefined || cell === null || String(cell).trim() === '') continue
    const { byName, ids } = refs[kind]
    const resolved = String(cell)
      .split(/[,，、]/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((part) => {
        const named = byName.get(part)
        if (named && named.length > 1) bad(`第 ${line} 行: ${REF_LABEL[kind]}「${part}」有重名，请改填编号`)
        if (named) return named[0]
        if (ids.has(part)) return part
        return bad(`第 ${line} 行: ${REF_LABEL[kind]}「${part}」不存在`)
      })
    out[`${kind}Id`] = [...new Set(resolved)].join(',')
  }
  return out
}

/** The export sheet of some users (COLUMNS), as an .xlsx file. */
async function usersXlsx(db: Db, rows: Row[]): Promise<Buffer> {
  const presented = (await presentUsers(db, rows as never)) as unknown as Row[]
  const XLSX = sheetjs()
  const sheet = XLSX.utils.aoa_to_sheet([
    COLUMNS.map(([, title]) => title),
    ...presented.map((r) => COLUMNS.map(([key]) => r[key] ?? '')),
  ])
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, '用户')
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
}

/** The users an export takes at most. */
const MAX_EXPORT_USERS = 50000

// 用户管理 导出 past 20,000 users (the screen asks asyncTask=true): the caller's reach as queued.
registerProducer('user.xlsx', {
  fileExt: 'xlsx',
  async run({ data, params, progress }) {
    const rows = (await listedUsersOf(data, params, MAX_EXPORT_USERS)) as Row[]
    await progress(rows.length, rows.length)
    return Readable.from([await usersXlsx(data.db, rows)])
  },
})

/**
 * import-user (a JSON batch of spreadsheet rows, all or nothing) and export-user (xlsx of the filtered
 * list; with `asyncTask=true` a 下载任务 makes it).
 */
export function registerUserTransferRoutes(app: FastifyInstance) {
  app.get(
    `${BASE}/export-user`,
    { schema: { querystring: z.record(z.string(), z.unknown()) } },
    async (request, reply) => {
      const query = request.query as Row
      if (wantsAsync(query))
        return reply.send(
          await queuedExport(dataOf(request), query, {
            bizType: 'system',
            bizId: 'user:xlsx',
            taskName: '用户导出',
            producer: 'user.xlsx',
            fileName: '用户数据',
          }),
        )
      const rows = (await listedUsers(request, query, MAX_EXPORT_USERS)) as Row[]
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('用户数据.xlsx')}`)
        .send(await usersXlsx(app.db, rows))
    },
  )

  const batch = z.union([
    z.array(z.record(z.string(), z.unknown())),
    z.object({ data: z.array(z.record(z.string(), z.unknown())) }).loose(),
  ])
  app.post(`${BASE}/import-user`, { schema: { body: batch } }, async (request) => {
    const body = request.body as Row[] | { data: Row[] }
    const items = Array.isArray(body) ? body : body.data
    if (!items.length) bad('导入数据为空')
    if (items.length > MAX_ROWS) bad(`一次最多导入 ${MAX_ROWS} 条`)
    const caller = dataOf(request, { tenant: (request.query as Row).tenantId })
    const tenantId = caller.tenantId
    const refs = await tenantRefs(app.db, tenantId)
    const forms = items.map((item, i) => {
      const parsed = importRow.safeParse(resolveRefs(item, i + 1, refs))
      if (!parsed.success) bad(`第 ${i + 1} 行: ${parsed.error.issues[0]?.message ?? '数据格式不正确'}`)
      const form = parsed.data as Row
      if (!form.account) bad(`第 ${i + 1} 行: 请输入账号`)
      return form
    })
    const accounts = forms.map((f) => String(f.account))
    const dup = accounts.find((a, i) => accounts.indexOf(a) !== i)
    if (dup) bad(`账号 [${dup}] 在导入数据中重复`)
    // Rows without a password start with the tenant's initial one (hashed once for all of them).
    const firstWithout = forms.findIndex((f) => !f.password)
    const initialHash =
      firstWithout < 0
        ? ''
        : await newPasswordHash(app.db, undefined, `第 ${firstWithout + 1} 行: 请输入密码`)
    await caller.transaction(async (data) => {
      const db = data.db
      const taken = await data.repo(user).first(inArray(user.account, accounts))
      if (taken) bad(`当前用户 [${taken.account}] 已存在!`)
      await checkAccountLimit(db, tenantId, forms.length)
      for (const form of forms) {
        await checkRefs(db, tenantId, splitIds(form.roleId as string), splitIds(form.deptId as string))
        const { id: _id, password, birthday, ...columns } = form
        await data.repo(user).insert({
          ...(columns as Partial<typeof user.$inferInsert>),
          account: String(form.account),
          password: password ? await hashPassword(asClientHash(String(password))) : initialHash,
          birthday: birthday ? new Date(`${String(birthday)}T00:00:00`) : null,
          userType: (form.userType as number | undefined) ?? 1,
          status: 1,
        })
      }
    })
    return ok({ count: forms.length }, `成功导入 ${forms.length} 条`)
  })
}

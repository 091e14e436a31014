import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { teacherResource } from '../../shared/resources/base/teacher'
import { idList } from '../../shared/resource/validate'
import { baseTeacher } from '../db/schema'
import { resourceAccess } from '../core/resource-routes'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { allOf } from '../core/query'
import { requireUser } from '../core/scope'
import { giveAccounts, type Person } from './accounts'
import { withNames } from './names'

type Row = Record<string, unknown>
const AnyQuery = z.record(z.string(), z.unknown())

export const teacherPerson = (t: typeof baseTeacher.$inferSelect): Person => ({
  id: String(t.id),
  account: String(t.teacherNo),
  name: String(t.teacherName),
  sex: t.sex as number | null,
  phone: t.phone as string | null,
  email: t.email as string | null,
  deptSerial: t.deptSerial as string | null,
  userId: t.userId as string | null,
})

/** Teacher routes beyond the standard set: the full list, lookup by name, and account creation. */
export function registerTeacherRoutes(app: FastifyInstance) {
  const access = resourceAccess(teacherResource, baseTeacher)
  const base = teacherResource.basePath

  // Every teacher the caller may see (filters apply), unpaged, for pickers.
  app.get(`${base}/Alllist`, { schema: { querystring: AnyQuery } }, async (request) => {
    const rows = await access.findAll(app, request, request.query as Row)
    return ok(await withNames(app.db, requireUser(request).tenantId, rows))
  })

  app.get(
    `${base}/detailByName`,
    {
      schema: {
        querystring: z
          .object({
            teacherName: z.string().trim().max(50, '姓名不能超过50个字符').optional(),
            name: z.string().trim().max(50).optional(),
          })
          .loose(),
      },
    },
    async (request) => {
      const q = request.query as { teacherName?: string; name?: string }
      const name = q.teacherName || q.name
      if (!name) bad('请输入教师姓名')
      const { conds } = await access.scopeConditions(app, request)
      const rows = await app.db
        .select()
        .from(baseTeacher)
        .where(allOf([...conds, eq(baseTeacher.teacherName, name!)]))
        .orderBy(baseTeacher.teacherNo)
        .limit(1)
      if (!rows.length) return ok(null)
      return ok((await withNames(app.db, requireUser(request).tenantId, rows as Row[]))[0])
    },
  )

  // 生成账号: a teacher-role user for each selected teacher, all or nothing.
  app.post(`${base}/toUser`, { schema: { querystring: AnyQuery } }, async (request) => {
    const me = requireUser(request)
    const body = (request.body ?? {}) as Row
    const raw = (request.query as Row).ids ?? body.ids ?? body.teacherIds
    const parsed = idList.safeParse(Array.isArray(raw) ? raw.join(',') : raw)
    if (!parsed.success) bad(parsed.error.issues[0]?.message ?? '请选择至少一条数据')
    const ids = parsed.data!
    const { tenantId, conds } = await access.scopeConditions(app, request)
    const result = await app.db.transaction(async (tx) => {
      const db = tx
      const teachers = await db
        .select()
        .from(baseTeacher)
        .where(allOf([...conds, inArray(baseTeacher.id, ids)]))
      if (teachers.length !== ids.length) bad('部分教师不存在或无权操作')
      return giveAccounts(db, tenantId, me.userId, teachers.map(teacherPerson), 'teacher', baseTeacher)
    })
    return ok(result, `生成账号成功：新建${result.created}个，关联已有账号${result.linked}个`)
  })
}

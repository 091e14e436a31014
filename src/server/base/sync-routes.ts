import type { FastifyInstance } from 'fastify'
import { teacherResource } from '../../shared/resources/base/teacher'
import { studentResource } from '../../shared/resources/base/student'
import { baseStudent, baseTeacher } from '../db/schema'
import { resourceAccess } from '../core/resource-routes'
import { ok } from '../core/envelope'
import { route } from '../core/route'
import { baseActionsApi } from '../../shared/api/base'
import { allOf } from '../core/query'
import { requireUser } from '../core/scope'
import { giveAccounts, type Person } from './accounts'
import { teacherPerson } from './teacher-routes'

const studentPerson = (s: typeof baseStudent.$inferSelect): Person => ({
  id: String(s.id),
  account: String(s.studentNo),
  name: String(s.studentName),
  sex: s.sex as number | null,
  phone: s.phone as string | null,
  email: s.email as string | null,
  deptSerial: s.deptSerial as string | null,
  userId: s.userId as string | null,
})

/**
 * 同步用户 (`baseActionsApi.syncToUser`): every teacher and student of the caller's tenant (within the
 * caller's data scope) gets a sign-in account, created or linked, in one transaction.
 */
export function registerSyncRoutes(app: FastifyInstance) {
  const teachers = resourceAccess(teacherResource, baseTeacher)
  const students = resourceAccess(studentResource, baseStudent)

  route(app, baseActionsApi.syncToUser, async ({ request }) => {
    const me = requireUser(request)
    const t = await teachers.scopeConditions(app, request)
    const s = await students.scopeConditions(app, request)
    const result = await app.db.transaction(async (tx) => {
      const db = tx
      const teacherRows = await db.select().from(baseTeacher).where(allOf(t.conds))
      const studentRows = await db.select().from(baseStudent).where(allOf(s.conds))
      // A number used by both a teacher and a student is one account with both roles.
      const teacherResult = await giveAccounts(
        db,
        t.tenantId,
        me.userId,
        teacherRows.map(teacherPerson),
        'teacher',
        baseTeacher,
      )
      const studentResult = await giveAccounts(
        db,
        s.tenantId,
        me.userId,
        studentRows.map(studentPerson),
        'student',
        baseStudent,
      )
      return { teacher: teacherResult, student: studentResult }
    })
    const created = result.teacher.created + result.student.created
    const linked = result.teacher.linked + result.student.linked
    return ok(result, `同步完成：新建账号${created}个，关联已有账号${linked}个`)
  })
}

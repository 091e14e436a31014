import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { entitySchema } from '../../shared/resource/validate'
import { teacherResource } from '../../shared/resources/base/teacher'
import { studentResource } from '../../shared/resources/base/student'
import { classResource } from '../../shared/resources/base/class'
import { majorResource } from '../../shared/resources/base/major'
import { dept } from '../db/schema'
import { seedDemoSchool } from './demo-school'
import { addTenant } from './testing'

let t: TestServer

beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t?.close())

describe('LAB_DEMO school', () => {
  it('seeds 3 colleges, 6 majors, 12 classes, 40 teachers and 300 students that pass the forms’ own checks', async () => {
    const { roleIds } = await addTenant(t.database.db, '400001', 'Demo-Admin-Pass-1')
    const [root] = await t.database.db
      .select()
      .from(dept)
      .where(and(eq(dept.tenantId, '400001'), eq(dept.parentId, '0')))
    await t.database.db.transaction(async (tx) =>
      seedDemoSchool({
        db: tx as never,
        demo: true,
        tenantId: '400001',
        adminUserId: '1',
        rootDeptId: root.id,
        roleIds,
        menuIds: {},
        generatedPasswords: {},
      }),
    )
    const api = t.api(await t.login('admin', 'Demo-Admin-Pass-1', '400001'))
    const all = async (path: string) =>
      (await api.get(`/api/basedata/${path}/page`, { size: 1000 })).body.data.records as Record<
        string,
        unknown
      >[]
    const majors = await all('sysmajor')
    const classes = await all('class')
    const teachers = await all('systeacher')
    const students = await all('student')
    expect([majors.length, classes.length, teachers.length, students.length]).toEqual([6, 12, 40, 300])
    const colleges = await t.database.db
      .select()
      .from(dept)
      .where(and(eq(dept.tenantId, '400001'), eq(dept.deptCategory, 2)))
    expect(colleges.map((c) => c.serial).sort()).toEqual(['01', '02', '03'])

    for (const [def, rows] of [
      [majorResource, majors],
      [classResource, classes],
      [teacherResource, teachers],
      [studentResource, students],
    ] as const) {
      const schema = entitySchema(def)
      for (const row of rows) {
        const clean = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null))
        const result = schema.safeParse({ ...clean, id: undefined })
        expect(result.success, `${def.name} ${JSON.stringify(result.error?.issues)}`).toBe(true)
      }
    }
    expect(teachers.every((r) => /^[\u4e00-\u9fa5]{2,3}$/.test(String(r.teacherName)))).toBe(true)
    expect(students.every((r) => r.deptName && r.majorName)).toBe(true)
    expect(new Set(students.map((s) => s.studentNo)).size).toBe(300)
  })
})

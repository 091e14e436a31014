/**
 * Fixtures of the safety server tests, the bench and the e2e stories: colleges, students and teachers
 * with accounts, staff users, a bank of questions. Test support only; not used by the server.
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { baseClass, baseMajor, baseStudent, baseTeacher, dept, role, user } from '../db/schema'
import { nextId } from '../core/ids'
import { hashPassword, md5Hex } from '../auth/passwords'

export const PASSWORD = 'Safety-Pass-1'
let hashed: string | undefined
const passwordHash = async () => (hashed ??= await hashPassword(md5Hex(PASSWORD)))

export async function roleIdOf(db: Db, alias: string, tenantId = '000000'): Promise<string> {
  const [r] = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, alias)))
  return r.id
}

/** A college (dept of category 学院 with a serial) under the tenant's root; answers its id. */
export async function addCollege(db: Db, serial: string, name: string, tenantId = '000000', parentId = '0') {
  const id = nextId()
  await db.insert(dept).values({
    id,
    tenantId,
    parentId,
    ancestors: parentId === '0' ? '0' : `0,${parentId}`,
    deptCategory: 2,
    deptName: name,
    serial,
  })
  return id
}

/** A signed-in-able user of a role; answers its id. */
export async function addAccount(
  db: Db,
  account: string,
  alias: string,
  options: { tenantId?: string; deptId?: string; realName?: string } = {},
) {
  const id = nextId()
  await db.insert(user).values({
    id,
    tenantId: options.tenantId ?? '000000',
    account,
    password: await passwordHash(),
    name: account,
    realName: options.realName ?? account,
    roleId: await roleIdOf(db, alias, options.tenantId ?? '000000'),
    deptId: options.deptId ?? null,
    status: 1,
  })
  return id
}

export interface StudentSpec {
  studentNo: string
  name: string
  deptSerial: string
  majorSerial?: string
  grade?: string
  classNo?: string
  /** Without an account the student cannot be a candidate (未开通账号). */
  account?: boolean
}

/** Students (with accounts named by their 学号 unless `account: false`), in batches. */
export async function addStudents(db: Db, students: StudentSpec[], tenantId = '000000') {
  const roleId = await roleIdOf(db, 'student', tenantId)
  const hash = await passwordHash()
  const ids: Record<string, string> = {}
  for (let i = 0; i < students.length; i += 500) {
    const chunk = students.slice(i, i + 500)
    const users = chunk
      .filter((s) => s.account !== false)
      .map((s) => {
        const id = nextId()
        ids[s.studentNo] = id
        return {
          id,
          tenantId,
          account: s.studentNo,
          password: hash,
          name: s.name,
          realName: s.name,
          roleId,
          status: 1,
        }
      })
    if (users.length) await db.insert(user).values(users)
    await db.insert(baseStudent).values(
      chunk.map((s) => ({
        id: nextId(),
        tenantId,
        studentNo: s.studentNo,
        studentName: s.name,
        deptSerial: s.deptSerial,
        majorSerial: s.majorSerial ?? null,
        grade: s.grade ?? null,
        classNo: s.classNo ?? null,
        userId: ids[s.studentNo] ?? null,
      })) as never,
    )
  }
  return ids
}

export async function addTeacher(
  db: Db,
  teacherNo: string,
  name: string,
  deptSerial: string,
  tenantId = '000000',
) {
  const userId = await addAccount(db, teacherNo, 'teacher', { tenantId, realName: name })
  await db
    .insert(baseTeacher)
    .values({ id: nextId(), tenantId, teacherNo, teacherName: name, deptSerial, userId } as never)
  return userId
}

export async function addMajorAndClass(
  db: Db,
  deptSerial: string,
  majorSerial: string,
  majorName: string,
  classNo: string,
  className: string,
  tenantId = '000000',
) {
  await db.insert(baseMajor).values({ id: nextId(), tenantId, majorSerial, majorName, deptSerial } as never)
  await db
    .insert(baseClass)
    .values({ id: nextId(), tenantId, classNo, className, deptSerial, majorSerial } as never)
}

/** Question rows of the sheet import (`saveImportQuestions`) for a category path: n of a type. */
export function sheetQuestions(categoryPath: string, type: 1 | 2 | 3, n: number, prefix: string) {
  const typeText = { 1: '单选题', 2: '多选题', 3: '判断题' }[type]
  return Array.from({ length: n }, (_, i) => ({
    questionType: typeText,
    categoryPath,
    stem: `${prefix}${typeText}第${i + 1}题：实验室安全规定的内容是什么？`,
    optionA: type === 3 ? '' : '选项甲',
    optionB: type === 3 ? '' : '选项乙',
    optionC: type === 3 ? '' : '选项丙',
    optionD: type === 3 ? '' : '选项丁',
    answerText: type === 1 ? 'A' : type === 2 ? 'AB' : '正确',
    analysis: `${prefix}解析${i + 1}`,
    difficulty: '中',
    status: '启用',
  }))
}

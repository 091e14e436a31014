/**
 * 实验室人员: a roster teacher assigned to one lab. One screen edits both rows: the person's SJ5 fields
 * on `base_teacher` (created when the staff number is new) and the assignment on `lab_teacher`, in one
 * transaction; `base_teacher.labStaff` follows 专任 (1) / 兼任 (0), as the SJ5 extraction reads it.
 */
import { and, asc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { labStaffApi, type LabStaff, type RosterTeacher } from '../../shared/api/lab'
import { teacherResource } from '../../shared/resources/base/teacher'
import { ASSIGNMENT_FIELDS, ROSTER_FIELDS, labTeacherResource } from '../../shared/resources/lab/lab-teacher'
import { entitySchema } from '../../shared/resource/validate'
import { paginate, type Data } from '../core/data'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { parsePaging } from '../core/query'
import { route } from '../core/route'
import { baseHooks } from '../base/hooks'
import { sendXlsx } from '../base/spreadsheet'
import { dictChoices } from '../base/dictionaries'
import { baseTeacher, labInfo, labTeacher, profession } from '../db/schema'
import { deptNames } from './lab-info'

type Row = Record<string, unknown>

const full = entitySchema(labTeacherResource)
const partial = entitySchema(labTeacherResource, { partial: true })
const rosterSchema = entitySchema(teacherResource)

/** The columns of a staff row: the roster's person, the assignment, the lab and the title. */
const columns = {
  id: labTeacher.id,
  teacherId: labTeacher.teacherId,
  labId: labTeacher.labId,
  staffType: labTeacher.staffType,
  post: labTeacher.post,
  domDegreeTime: labTeacher.domDegreeTime,
  domOtherTime: labTeacher.domOtherTime,
  abroadDegreeTime: labTeacher.abroadDegreeTime,
  abroadOtherTime: labTeacher.abroadOtherTime,
  remark: labTeacher.remark,
  createTime: labTeacher.createTime,
  teacherNo: baseTeacher.teacherNo,
  teacherName: baseTeacher.teacherName,
  sex: baseTeacher.sex,
  birthday: baseTeacher.birthday,
  deptSerial: baseTeacher.deptSerial,
  professionCode: baseTeacher.professionCode,
  education: baseTeacher.education,
  subjectCode: baseTeacher.subjectCode,
  expertCategory: baseTeacher.expertCategory,
  categoryNo: baseTeacher.categoryNo,
  phone: baseTeacher.phone,
  labName: labInfo.labName,
  labSerial: labInfo.serial,
  labDeptSerial: labInfo.deptSerial,
  professionName: profession.name,
  professionGrade: profession.grade,
}

/** A roster teacher as this module reads it (the roster table's columns are typed loosely). */
interface Teacher {
  id: string
  teacherNo: string
  teacherName: string
  sex: number | null
  birthday: string | null
  deptSerial: string | null
  professionCode: string | null
  education: string | null
  subjectCode: string | null
  expertCategory: string | null
  categoryNo: string | null
  phone: string | null
}

export type StaffRow = Omit<Teacher, 'id'> & {
  id: string
  teacherId: string
  labId: string
  staffType: number
  post: number | null
  domDegreeTime: number
  domOtherTime: number
  abroadDegreeTime: number
  abroadOtherTime: number
  remark: string | null
  createTime: Date | null
  labName: string | null
  labSerial: string | null
  labDeptSerial: string | null
  professionName: string | null
  professionGrade: string | null
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined

/** The list filters of the screen (bare = contains, `_equal` = equals). */
export function staffFilters(q: Row): SQL[] {
  const out: SQL[] = []
  const like = (col: Parameters<typeof ilike>[0], v: unknown) => {
    const s = text(v)
    if (s) out.push(ilike(col, `%${s.replace(/[%_\\]/g, '\\$&')}%`))
  }
  like(baseTeacher.teacherNo, q.teacherNo)
  like(baseTeacher.teacherName, q.teacherName)
  const equal = (col: Parameters<typeof eq>[0], key: string) => {
    const s = text(q[`${key}_equal`]) ?? text(q[key])
    if (s !== undefined) out.push(eq(col, s as never))
  }
  equal(labTeacher.labId, 'labId')
  equal(baseTeacher.professionCode, 'professionCode')
  equal(baseTeacher.education, 'education')
  equal(labInfo.deptSerial, 'deptSerial')
  for (const [col, key] of [
    [labTeacher.staffType, 'staffType'],
    [labTeacher.post, 'post'],
    [baseTeacher.sex, 'sex'],
  ] as const) {
    const s = text(String(q[`${key}_equal`] ?? q[key] ?? ''))
    if (s !== undefined) {
      if (!/^\d{1,3}$/.test(s)) bad('筛选条件格式不正确')
      out.push(eq(col, Number(s)))
    }
  }
  return out
}

/** Staff rows of the tenant matching the conditions. */
export function staffQuery(data: Data, conditions: (SQL | undefined)[]) {
  return data.db
    .select(columns)
    .from(labTeacher)
    .innerJoin(baseTeacher, eq(baseTeacher.id, labTeacher.teacherId))
    .leftJoin(labInfo, eq(labInfo.id, labTeacher.labId))
    .leftJoin(profession, eq(profession.code, baseTeacher.professionCode))
    .where(and(data.rows(labTeacher, ...conditions), data.rows(baseTeacher)))
    .$dynamic() as unknown as StaffSelect
}

/** The select of staff rows, typed (the roster's columns are loose). */
interface StaffSelect extends PromiseLike<StaffRow[]> {
  orderBy(...by: SQL[]): StaffSelect
  limit(n: number): StaffSelect
}

/** Whole years from `birthday` (yyyy-MM-dd) to `today`. */
export function ageOf(birthday: string | null | undefined, today = new Date()): number | null {
  if (!birthday || !/^\d{4}-\d{2}-\d{2}/.test(birthday)) return null
  const [y, m, d] = birthday.slice(0, 10).split('-').map(Number)
  let age = today.getFullYear() - y
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age--
  return age
}

async function present(data: Data, rows: StaffRow[]): Promise<LabStaff[]> {
  const names = await deptNames(
    data,
    rows.map((r) => r.deptSerial),
  )
  return rows.map((r) => ({
    ...r,
    deptName: names.get(String(r.deptSerial)) ?? null,
    age: ageOf(r.birthday),
  })) as unknown as LabStaff[]
}

async function saveStaff(data: Data, body: Row, mode: 'save' | 'update'): Promise<string> {
  const hasId = body.id !== undefined && body.id !== null && body.id !== ''
  if (mode === 'save' && hasId) bad('新增数据不能带主键')
  if (mode === 'update' && !hasId) bad('修改数据缺少主键')
  const parsed = (mode === 'save' ? full : partial).parse(body) as Row
  const staffRepo = data.repo(labTeacher)
  const teachers = data.repo(baseTeacher)
  const current = hasId ? await staffRepo.need(String(body.id), '实验室人员不存在或已删除') : null

  let teacher = (
    current ? await teachers.need(current.teacherId, '教师不存在或已删除') : null
  ) as Teacher | null
  if (!teacher)
    teacher = (await teachers.first(eq(baseTeacher.teacherNo, String(parsed.teacherNo)))) as Teacher | null
  if (current && parsed.teacherNo !== undefined && parsed.teacherNo !== teacher!.teacherNo) {
    const taken = await teachers.exists(
      eq(baseTeacher.teacherNo, String(parsed.teacherNo)),
      ne(baseTeacher.id, teacher!.id),
    )
    if (taken) bad('工号已存在')
  }
  if (teacher) {
    const [assigned] = await staffQuery(data, [
      eq(labTeacher.teacherId, teacher.id),
      current ? ne(labTeacher.id, current.id) : undefined,
    ]).limit(1)
    if (assigned)
      bad(`${teacher.teacherName}（${teacher.teacherNo}）已是${assigned.labName ?? ''}的实验室人员`)
  }

  const labId = String(parsed.labId ?? current?.labId ?? '')
  if (!(await data.repo(labInfo).get(labId))) bad('所属实验室不存在')

  const person: Row = {}
  for (const key of ROSTER_FIELDS) if (parsed[key] !== undefined) person[key] = parsed[key]
  const staffType = Number(parsed.staffType ?? current?.staffType ?? 1)
  person.labStaff = staffType === 1 ? 1 : 0
  await baseHooks.systeacher.beforeSave!({
    db: data.db,
    data,
    request: undefined as never,
    row: person,
    isNew: !teacher,
    tenantId: data.tenantId,
  })
  let teacherId: string
  if (teacher) {
    await teachers.update(teacher.id, person as never)
    teacherId = teacher.id
  } else {
    const checked = rosterSchema.safeParse(person)
    if (!checked.success) bad(checked.error.issues[0]?.message ?? '教师信息不完整')
    ;[teacherId] = await teachers.insert({ ...(checked.data as Row), labStaff: person.labStaff } as never)
  }

  const assignment: Row = { teacherId }
  for (const key of ASSIGNMENT_FIELDS) if (parsed[key] !== undefined) assignment[key] = parsed[key]
  if (current) {
    await staffRepo.update(current.id, assignment as never)
    return current.id
  }
  return (await staffRepo.insert({ staffType: 1, ...assignment } as never))[0]
}

/** The export's columns: SJ5's fields in its order, then the assignment's. */
const EXPORT_COLUMNS: [string, (r: LabStaff & { educationName?: string }) => unknown][] = [
  ['人员编号', (r) => r.teacherNo],
  ['实验室编号', (r) => r.labSerial],
  ['实验室名称', (r) => r.labName],
  ['姓名', (r) => r.teacherName],
  ['性别', (r) => (r.sex === 1 ? '男' : r.sex === 2 ? '女' : '')],
  ['出生年月', (r) => (r.birthday ? String(r.birthday).slice(0, 7).replace('-', '') : '')],
  ['所属学科', (r) => r.subjectCode],
  ['专业技术职务', (r) => (r.professionCode ? `${r.professionCode} ${r.professionName ?? ''}`.trim() : '')],
  ['学历', (r) => r.educationName ?? r.education],
  ['专家类别', (r) => r.expertCategory],
  ['国内学历教育培训(月)', (r) => r.domDegreeTime],
  ['国内非学历教育培训(月)', (r) => r.domOtherTime],
  ['国外学历教育培训(月)', (r) => r.abroadDegreeTime],
  ['国外非学历教育培训(月)', (r) => r.abroadOtherTime],
  ['人员类别', (r) => (r.staffType === 1 ? '专任' : '兼任')],
  ['所属院系', (r) => r.deptName],
  ['年龄', (r) => r.age],
]

const ordered = [asc(baseTeacher.teacherNo), asc(labTeacher.id)]

export function registerStaffRoutes(app: FastifyInstance) {
  route(app, labStaffApi.page, async ({ query, data }) => {
    // A school's lab staff are a few hundred: read the matches once and page them here.
    const all = await staffQuery(data, staffFilters(query)).orderBy(...ordered)
    const page = await paginate(parsePaging(query), {
      rows: async (limit, offset) => all.slice(offset, offset + limit),
      count: async () => all.length,
    })
    return ok({ ...page, records: await present(data, page.records) })
  })

  route(app, labStaffApi.detail, async ({ query, data }) => {
    const [row] = await staffQuery(data, [eq(labTeacher.id, query.id)]).limit(1)
    if (!row) bad('实验室人员不存在或已删除')
    return ok((await present(data, [row]))[0])
  })

  for (const [endpoint, mode] of [
    [labStaffApi.save, 'save'],
    [labStaffApi.update, 'update'],
  ] as const)
    route(app, endpoint, async ({ body, data }) =>
      ok({ id: await data.transaction((tx) => saveStaff(tx, body as Row, mode)) }),
    )

  route(app, labStaffApi.remove, async ({ query, data }) => {
    await data.transaction(async (tx) => {
      const repo = tx.repo(labTeacher)
      const rows = await repo.needAll(query.ids, '部分实验室人员不存在或已删除')
      await repo.remove(query.ids)
      await tx.repo(baseTeacher).update(
        rows.map((r) => r.teacherId),
        { labStaff: 0 } as never,
      )
    })
    return done()
  })

  route(app, labStaffApi.teacherPage, async ({ query, data }) => {
    const found = await data
      .repo(baseTeacher, teacherResource)
      .page(query, { sort: [asc(baseTeacher.teacherNo)] })
    const page = { ...found, records: found.records as unknown as Teacher[] }
    const ids = page.records.map((r) => r.id)
    const assigned = ids.length ? await staffQuery(data, [inArray(labTeacher.teacherId, ids)]) : []
    const labOf = new Map(assigned.map((a) => [a.teacherId, a.labName]))
    const names = await deptNames(
      data,
      page.records.map((r) => r.deptSerial),
    )
    const records: RosterTeacher[] = page.records.map((r) => ({
      id: r.id,
      teacherNo: r.teacherNo,
      teacherName: r.teacherName,
      sex: r.sex,
      birthday: r.birthday,
      deptSerial: r.deptSerial,
      deptName: names.get(String(r.deptSerial)) ?? null,
      professionCode: r.professionCode,
      education: r.education,
      subjectCode: r.subjectCode,
      expertCategory: r.expertCategory,
      categoryNo: r.categoryNo,
      phone: r.phone,
      assignedLabName: labOf.get(r.id) ?? null,
    }))
    return ok({ ...page, records })
  })

  route(app, labStaffApi.pageExport, async ({ query, data, reply }) => {
    const education = new Map((await dictChoices(data.db, 'education')).map((c) => [c.value, c.label]))
    const found = await present(
      data,
      await staffQuery(data, staffFilters(query))
        .orderBy(...ordered)
        .limit(100000),
    )
    const rows = found.map((r) => ({ ...r, educationName: education.get(r.education ?? '') }))
    const sheet = rows.map((r) =>
      Object.fromEntries(EXPORT_COLUMNS.map(([label, get]) => [label, get(r) ?? ''])),
    )
    if (!sheet.length) sheet.push(Object.fromEntries(EXPORT_COLUMNS.map(([label]) => [label, ''])))
    return sendXlsx(reply, '实验室人员.xlsx', '实验室人员', sheet)
  })
}

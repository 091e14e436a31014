import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { GroupEntryBody, PersonalEntryBody } from '../../shared/api/competition'
import {
  APPLY_STATUS,
  ENTRY_MODE,
  ENTRY_SOURCE,
  ENTRY_TYPE,
  ROUND_STATUS,
} from '../../shared/resources/competition'
import type { Data, RowOf } from '../core/data'
import { bad } from '../core/errors'
import { formatDateTime } from '../core/serialize'
import {
  competitionApply,
  competitionAppointment,
  competitionAppointmentMember,
  competitionFinalResult,
  competitionPreliminary,
  competitionPreliminaryResult,
} from '../db/schema'
import { isStaff, studentOf, studentsByNo, teacherOf, type StudentRow, type TeacherRow } from './caller'
import { now } from './clock'
import { splitIds, text } from './names'
import { parameterOf } from './parameter-routes'

/** Entries (竞赛报名, domain A.5): the checks in their order, the members and the places counter. */

export type ProjectRow = RowOf<typeof competitionApply>
export type EntryRecord = RowOf<typeof competitionAppointment>
export type MemberRecord = RowOf<typeof competitionAppointmentMember>

/** Who acts: the office, a teacher (for the projects they lead or instruct) or a student (for themselves). */
export interface Caller {
  kind: 'staff' | 'teacher' | 'student' | 'none'
  student: StudentRow | null
  teacher: TeacherRow | null
  userId: string
}

export async function callerOf(data: Data): Promise<Caller> {
  const userId = data.me.userId
  if (isStaff(data)) return { kind: 'staff', student: null, teacher: await teacherOf(data), userId }
  const teacher = await teacherOf(data)
  const teacherRole = data.me.roleAliases.includes('teacher')
  if (teacher && (teacherRole || !data.me.roleAliases.includes('student')))
    return { kind: 'teacher', student: null, teacher, userId }
  const student = await studentOf(data)
  if (student) return { kind: 'student', student, teacher: null, userId }
  return { kind: teacherRole ? 'teacher' : 'none', student: null, teacher, userId }
}

/** Whether a teacher leads or instructs a project. */
export const teachesProject = (caller: Caller, project: ProjectRow) =>
  project.leaderUserId === caller.userId ||
  (!!caller.teacher &&
    (project.leaderTeacherId === String(caller.teacher.id) ||
      splitIds(project.teacherIds).includes(String(caller.teacher.id))))

const minute = (d: Date) => formatDateTime(d).slice(0, 16)

/** 报名中 / 未开始 / 已截止 / 已满 at `at`. */
export function signupStateOf(project: ProjectRow, at: Date): '未开始' | '报名中' | '已截止' | '已满' {
  if (project.signupStart && at < project.signupStart) return '未开始'
  if (project.signupEnd && at > project.signupEnd) return '已截止'
  if (project.maxEntries && (project.entryCount ?? 0) >= project.maxEntries) return '已满'
  return '报名中'
}

function checkWindow(project: ProjectRow) {
  const at = now()
  if (project.signupStart && at < project.signupStart)
    bad(`报名尚未开始（开始时间：${minute(project.signupStart)}）`)
  if (project.signupEnd && at > project.signupEnd) bad('报名已截止')
}

const label = (s: StudentRow) => `学生${s.studentName}（${s.studentNo}）`

/** Serialises work on the same students (one entry per project, the yearly cap) across connections. */
async function lockStudents(data: Data, nos: string[]) {
  for (const no of [...new Set(nos)].sort())
    await data.db.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`competition:${data.tenantId}:${no}`}))`,
    )
}

export interface EntryInput {
  type: number
  body: PersonalEntryBody | GroupEntryBody
}

interface Checked {
  project: ProjectRow
  leader: StudentRow
  members: StudentRow[]
  source: number
  instructors: string[]
}

/** Checks 1–8 of A.5 (the places counter is the save's), in order; `entry` when editing. */
async function checkEntry(
  data: Data,
  caller: Caller,
  input: EntryInput,
  entry: EntryRecord | null,
): Promise<Checked> {
  const { type, body } = input
  const project = await data.repo(competitionApply).need(body.projectId, '竞赛项目不存在')
  // 1. the project
  if (project.status !== APPLY_STATUS.approved) bad('该竞赛项目未立项，不能报名')
  // 2. the window (the office ignores it)
  if (caller.kind !== 'staff') checkWindow(project)
  // 3. the entry type
  if (type === ENTRY_TYPE.team && project.entryMode === ENTRY_MODE.personal) bad('该项目仅接受个人报名')
  if (type === ENTRY_TYPE.personal && project.entryMode === ENTRY_MODE.team) bad('该项目仅接受团队报名')
  // 4. the caller
  const team = body as GroupEntryBody
  let leaderNo = type === ENTRY_TYPE.team ? team.leaderStudentNo : (body as PersonalEntryBody).studentNo
  if (caller.kind === 'student') {
    const own = String(caller.student!.studentNo)
    if (type === ENTRY_TYPE.personal && leaderNo && leaderNo !== own) bad('只能为本人报名')
    if (type === ENTRY_TYPE.team && leaderNo && leaderNo !== own) bad('团队队长必须是本人')
    leaderNo = own
  } else if (caller.kind === 'teacher') {
    if (!teachesProject(caller, project)) bad('只能为本人指导的竞赛项目代报名')
  } else if (caller.kind === 'none') bad('当前账号未关联学生信息')
  if (!leaderNo) bad(type === ENTRY_TYPE.team ? '请输入队长学号' : '请输入学号')
  // 5. members are live students, none twice
  const others = type === ENTRY_TYPE.team ? team.memberNos.map((n) => n.trim()) : []
  const nos = [leaderNo!, ...others]
  const seen = new Set<string>()
  for (const no of nos) {
    if (seen.has(no)) bad(`团队成员重复：${no}`)
    seen.add(no)
  }
  const students = await studentsByNo(data, nos)
  for (const no of nos) if (!students.has(no)) bad(`学号${no}不存在`)
  // 6. team size, the leader included
  if (type === ENTRY_TYPE.team) {
    const min = project.minMembers ?? 1
    const max = project.maxMembers ?? 10
    if (nos.length < min || nos.length > max) bad(`团队人数须在${min}至${max}人之间（含队长）`)
    if (!team.teamName?.trim()) bad('请输入团队名称')
  }
  // 7 and 8 read what concurrent sign-ups of the same students write: hold them first.
  await lockStudents(data, nos)
  const members = data.repo(competitionAppointmentMember)
  const taken = await members.find([
    eq(competitionAppointmentMember.projectId, project.id),
    inArray(competitionAppointmentMember.studentNo, nos),
    entry ? ne(competitionAppointmentMember.appointmentId, entry.id) : undefined,
  ])
  for (const no of nos)
    if (taken.some((m) => m.studentNo === no)) bad(`${label(students.get(no)!)}已报名该项目`)
  const cap = (await parameterOf(data, String(project.academicYear))).maxProjectsPerStudent ?? 3
  if (cap > 0) {
    const counts = await data.db
      .select({
        studentNo: competitionAppointmentMember.studentNo,
        n: sql<number>`count(distinct ${competitionAppointmentMember.projectId})`,
      })
      .from(competitionAppointmentMember)
      .where(
        data.rows(
          competitionAppointmentMember,
          eq(competitionAppointmentMember.academicYear, String(project.academicYear)),
          inArray(competitionAppointmentMember.studentNo, nos),
          ne(competitionAppointmentMember.projectId, project.id),
        ),
      )
      .groupBy(competitionAppointmentMember.studentNo)
    for (const no of nos) {
      const n = Number(counts.find((c) => c.studentNo === no)?.n ?? 0)
      if (n >= cap) bad(`${label(students.get(no)!)}本学年已报名${cap}个竞赛项目，已达上限`)
    }
  }
  const instructors = body.instructorTeacherIds
    ? Array.isArray(body.instructorTeacherIds)
      ? body.instructorTeacherIds
      : splitIds(String(body.instructorTeacherIds))
    : []
  const teachers = new Set([project.leaderTeacherId, ...splitIds(project.teacherIds)].filter(Boolean))
  if (instructors.length > 2) bad('指导教师最多2人')
  if (instructors.some((id) => !teachers.has(id))) bad('指导教师须为该项目的指导教师')
  if (type === ENTRY_TYPE.team) {
    const clash = await data
      .repo(competitionAppointment)
      .exists(
        eq(competitionAppointment.projectId, project.id),
        eq(competitionAppointment.entryType, ENTRY_TYPE.team),
        eq(competitionAppointment.teamName, team.teamName.trim()),
        entry ? ne(competitionAppointment.id, entry.id) : undefined,
      )
    if (clash) bad('团队名称已存在')
  }
  const source =
    caller.kind === 'staff'
      ? ENTRY_SOURCE.staff
      : caller.kind === 'teacher'
        ? ENTRY_SOURCE.teacher
        : ENTRY_SOURCE.self
  return {
    project,
    leader: students.get(leaderNo!)!,
    members: nos.map((n) => students.get(n)!),
    source,
    instructors,
  }
}

function entryValues(input: EntryInput, c: Checked) {
  const team = input.body as GroupEntryBody
  return {
    projectId: c.project.id,
    academicYear: c.project.academicYear,
    entryType: input.type,
    teamName: input.type === ENTRY_TYPE.team ? team.teamName.trim() : null,
    leaderStudentNo: c.leader.studentNo,
    leaderName: c.leader.studentName,
    instructorTeacherIds: c.instructors.join(','),
    workTitle: input.body.workTitle ?? null,
    phone: input.body.phone || null,
    memberCount: c.members.length,
    remark: input.body.remark ?? null,
    deptSerial: c.leader.deptSerial,
    classNo: c.leader.classNo,
  }
}

async function writeMembers(data: Data, entryId: string, c: Checked) {
  const repo = data.repo(competitionAppointmentMember)
  await repo.deleteWhere([eq(competitionAppointmentMember.appointmentId, entryId)])
  await repo.insert(
    c.members.map((s) => ({
      appointmentId: entryId,
      projectId: c.project.id,
      academicYear: String(c.project.academicYear),
      studentNo: String(s.studentNo),
      studentName: text(s.studentName),
      classNo: text(s.classNo),
      deptSerial: text(s.deptSerial),
      majorSerial: text(s.majorSerial),
      grade: text(s.grade),
      userId: text(s.userId),
      isLeader: s.studentNo === c.leader.studentNo ? 1 : 0,
    })),
  )
}

/** `savePersonal` / `saveGroup`: checks 1–9, the entry, its members and one place, in one transaction. */
export async function saveEntry(data: Data, input: EntryInput): Promise<string> {
  const caller = await callerOf(data)
  const c = await checkEntry(data, caller, input, null)
  // 9. places: one conditional update, so concurrent sign-ups never take more than there are
  const [taken] = await data.db
    .update(competitionApply)
    .set({ entryCount: sql`${competitionApply.entryCount} + 1` })
    .where(
      data.rows(
        competitionApply,
        eq(competitionApply.id, c.project.id),
        sql`(coalesce(${competitionApply.maxEntries}, 0) = 0 or ${competitionApply.entryCount} < ${competitionApply.maxEntries})`,
      ),
    )
    .returning({ id: competitionApply.id })
  if (!taken) bad('报名名额已满')
  const [id] = await data
    .repo(competitionAppointment)
    .insert({ ...entryValues(input, c), source: c.source } as never)
  await writeMembers(data, id, c)
  return id
}

/** Why the entry cannot change any more, or null (A.5): scored preliminary, or a final without one. */
async function frozenReason(data: Data, entry: EntryRecord, project: ProjectRow): Promise<string | null> {
  const scored = await data
    .repo(competitionPreliminaryResult)
    .exists(
      eq(competitionPreliminaryResult.appointmentId, entry.id),
      isNotNull(competitionPreliminaryResult.score),
    )
  if (scored) return '初赛成绩已登记，不能修改报名'
  if (!project.preliminaryRequired || project.preliminaryRequired === 0) {
    const inFinal = await data
      .repo(competitionFinalResult)
      .exists(eq(competitionFinalResult.appointmentId, entry.id))
    if (inFinal) return '已进入决赛，不能修改报名'
  }
  return null
}

/** Who may change an entry (A.5): a member (the leader of a team), the project's teachers, the office. */
async function checkRights(data: Data, caller: Caller, entry: EntryRecord, project: ProjectRow) {
  if (caller.kind === 'staff') return
  if (caller.kind === 'teacher') {
    if (!teachesProject(caller, project)) bad('只能为本人指导的竞赛项目代报名')
  } else {
    const no = text(caller.student?.studentNo)
    const member = no
      ? await data
          .repo(competitionAppointmentMember)
          .first(
            eq(competitionAppointmentMember.appointmentId, entry.id),
            eq(competitionAppointmentMember.studentNo, no),
          )
      : null
    if (!member) bad('数据不存在或无权访问')
    if (entry.entryType === ENTRY_TYPE.team && !member!.isLeader) bad('只能修改本人的报名')
  }
  checkWindow(project)
}

async function entryOfType(data: Data, id: string, type: number): Promise<EntryRecord> {
  const entry = await data.repo(competitionAppointment).need(id)
  if (entry.entryType !== type) bad('数据不存在或无权访问')
  return entry
}

/** `updatePersonal` / `updateGroup`. */
export async function updateEntry(data: Data, input: EntryInput): Promise<string> {
  const caller = await callerOf(data)
  const entry = await entryOfType(data, String(input.body.id), input.type)
  const project = await data.repo(competitionApply).need(entry.projectId!)
  if (input.body.projectId !== project.id) bad('报名项目不能修改')
  await checkRights(data, caller, entry, project)
  const frozen = await frozenReason(data, entry, project)
  if (frozen) bad(frozen)
  const c = await checkEntry(data, caller, input, entry)
  await data.repo(competitionAppointment).update(entry.id, entryValues(input, c) as never)
  await writeMembers(data, entry.id, c)
  return entry.id
}

/** `removePersonal` / `removeGroup`: soft delete of the entries and their members, places given back. */
export async function removeEntries(data: Data, ids: string[], type: number) {
  const caller = await callerOf(data)
  for (const id of ids) {
    const entry = await entryOfType(data, id, type)
    const project = await data.repo(competitionApply).need(entry.projectId!)
    await checkRights(data, caller, entry, project)
    const frozen = await frozenReason(data, entry, project)
    if (frozen) bad(frozen)
    const members = await data
      .repo(competitionAppointmentMember)
      .find([eq(competitionAppointmentMember.appointmentId, entry.id)])
    await lockStudents(
      data,
      members.map((m) => m.studentNo),
    )
    await data.repo(competitionAppointmentMember).remove(members.map((m) => m.id))
    await data.repo(competitionAppointment).remove([entry.id])
    await data.db
      .update(competitionApply)
      .set({ entryCount: sql`greatest(${competitionApply.entryCount} - 1, 0)` })
      .where(data.rows(competitionApply, eq(competitionApply.id, project.id)))
  }
}

/** Entry ids a student belongs to (their 我的报名). */
export function entriesOfStudentSql(data: Data, studentNo: string) {
  return sql`${competitionAppointment.id} in (select ${competitionAppointmentMember.appointmentId} from ${competitionAppointmentMember} where ${data.rows(
    competitionAppointmentMember,
    eq(competitionAppointmentMember.studentNo, studentNo),
  )})`
}

/** The stage of entries (已报名 / 未晋级 / 进入决赛 / 获奖：一等奖), by entry id. */
export async function stagesOf(data: Data, ids: string[], awardLabels: Map<number, string>) {
  const stages = new Map<string, string>()
  if (!ids.length) return stages
  const prelim = await data.db
    .select({
      appointmentId: competitionPreliminaryResult.appointmentId,
      advance: competitionPreliminaryResult.advance,
    })
    .from(competitionPreliminaryResult)
    .innerJoin(
      competitionPreliminary,
      eq(competitionPreliminary.id, competitionPreliminaryResult.preliminaryId),
    )
    .where(
      and(
        data.rows(competitionPreliminaryResult, inArray(competitionPreliminaryResult.appointmentId, ids)),
        data.rows(competitionPreliminary, eq(competitionPreliminary.status, ROUND_STATUS.approved)),
      ),
    )
  for (const p of prelim) stages.set(p.appointmentId!, p.advance ? '晋级决赛' : '未晋级')
  const finals = await data
    .repo(competitionFinalResult)
    .find([inArray(competitionFinalResult.appointmentId, ids)])
  for (const f of finals) {
    const awarded = f.status === 1 && f.award && f.award >= 1 && f.award <= 5
    const current = stages.get(f.appointmentId!)
    if (awarded) stages.set(f.appointmentId!, `获奖：${awardLabels.get(f.award!) ?? ''}`)
    else if (!current?.startsWith('获奖'))
      stages.set(f.appointmentId!, f.status === 1 ? '未获奖' : '进入决赛')
  }
  for (const id of ids) if (!stages.has(id)) stages.set(id, '已报名')
  return stages
}

/** Why the caller cannot change an entry now, or '' (the list's buttons). */
export async function editReasonOf(data: Data, caller: Caller, entry: EntryRecord, project: ProjectRow) {
  try {
    await checkRights(data, caller, entry, project)
    return (await frozenReason(data, entry, project)) ?? ''
  } catch (e) {
    return e instanceof Error ? e.message : '不能修改'
  }
}

/** Whether the caller may sign up now, and the message if not (checks 1–4 for themselves). */
export function signupReason(caller: Caller, project: ProjectRow, myEntry: boolean): string {
  if (project.status !== APPLY_STATUS.approved) return '该竞赛项目未立项，不能报名'
  const at = now()
  if (caller.kind !== 'staff') {
    if (project.signupStart && at < project.signupStart)
      return `报名尚未开始（开始时间：${minute(project.signupStart)}）`
    if (project.signupEnd && at > project.signupEnd) return '报名已截止'
  }
  if (caller.kind === 'teacher' && !teachesProject(caller, project)) return '只能为本人指导的竞赛项目代报名'
  if (caller.kind === 'none') return '当前账号未关联学生信息'
  if (caller.kind === 'student' && myEntry) return '您已报名该项目'
  if (project.maxEntries && (project.entryCount ?? 0) >= project.maxEntries) return '报名名额已满'
  return ''
}

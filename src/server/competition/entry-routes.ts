import { asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  competitionAppointmentApi as api,
  type EntryDetail,
  type EntryRow,
  type MemberInfo,
  type SignupProject,
} from '../../shared/api/competition'
import { APPLY_STATUS, COMPETITION_DICTS, ENTRY_TYPE } from '../../shared/resources/competition'
import { route } from '../core/route'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { escapeLike } from '../core/query'
import type { Data } from '../core/data'
import {
  baseStudent,
  competitionApply,
  competitionAppointment,
  competitionAppointmentMember,
} from '../db/schema'
import { yearOr } from './caller'
import { now } from './clock'
import { dictLabels } from './dictionaries'
import {
  callerOf,
  editReasonOf,
  entriesOfStudentSql,
  removeEntries,
  saveEntry,
  signupReason,
  signupStateOf,
  stagesOf,
  updateEntry,
  type Caller,
  type EntryRecord,
  type ProjectRow,
} from './entries'
import { classNames, collegeNames, joinNames, splitIds, teacherNames, text } from './names'

/** `/api/competition/competitionprojectappointment/*` (A.5). */

const entryScope = { name: 'competitionAppointment', permission: 'competition_appointment' }

/** The caller's entries by project (student: the ones they belong to). */
async function myEntries(data: Data, caller: Caller, projectIds: string[]) {
  const mine = new Map<string, { id: string; type: number }>()
  if (caller.kind !== 'student' || !projectIds.length) return mine
  const rows = await data.db
    .select({
      projectId: competitionAppointmentMember.projectId,
      id: competitionAppointmentMember.appointmentId,
      type: competitionAppointment.entryType,
    })
    .from(competitionAppointmentMember)
    .innerJoin(
      competitionAppointment,
      eq(competitionAppointment.id, competitionAppointmentMember.appointmentId),
    )
    .where(
      data.rows(
        competitionAppointmentMember,
        eq(competitionAppointmentMember.studentNo, String(caller.student!.studentNo)),
        inArray(competitionAppointmentMember.projectId, projectIds),
      ),
    )
  for (const r of rows) mine.set(r.projectId, { id: r.id, type: Number(r.type) })
  return mine
}

async function signupProjects(data: Data, caller: Caller, rows: ProjectRow[]): Promise<SignupProject[]> {
  const colleges = await collegeNames(
    data,
    rows.map((r) => r.deptSerial),
  )
  const teachers = await teacherNames(
    data,
    rows.map((r) => r.leaderTeacherId),
  )
  const mine = await myEntries(
    data,
    caller,
    rows.map((r) => r.id),
  )
  const at = now()
  return rows.map((r) => ({
    id: r.id,
    academicYear: String(r.academicYear),
    projectName: String(r.projectName),
    competitionName: String(r.competitionName),
    competitionLevel: Number(r.competitionLevel),
    entryMode: Number(r.entryMode),
    minMembers: r.minMembers,
    maxMembers: r.maxMembers,
    maxEntries: r.maxEntries ?? 0,
    entryCount: r.entryCount ?? 0,
    placesLeft: r.maxEntries ? Math.max(0, r.maxEntries - (r.entryCount ?? 0)) : null,
    signupStart: r.signupStart as unknown as string,
    signupEnd: r.signupEnd as unknown as string,
    planStart: r.planStart,
    planEnd: r.planEnd,
    deptName: colleges.get(String(r.deptSerial)) ?? '',
    leaderName: teachers.get(String(r.leaderTeacherId)) ?? '',
    signupState: signupStateOf(r, at),
    myEntryId: mine.get(r.id)?.id ?? null,
    myEntryType: mine.get(r.id)?.type ?? null,
  }))
}

/** Which entries the caller may see (A.5): student their own, teacher their projects', office its scope. */
async function visibleEntries(data: Data, caller: Caller): Promise<SQL | undefined> {
  if (caller.kind === 'staff') return undefined
  if (caller.kind === 'student') return entriesOfStudentSql(data, String(caller.student!.studentNo))
  if (caller.kind === 'teacher') {
    const teacherId = String(caller.teacher?.id ?? '0')
    return sql`${competitionAppointment.projectId} in (select ${competitionApply.id} from ${competitionApply} where ${data.rows(
      competitionApply,
      or(
        eq(competitionApply.leaderUserId, caller.userId),
        eq(competitionApply.leaderTeacherId, teacherId),
        sql`(',' || coalesce(${competitionApply.teacherIds}, '') || ',') like ${`%,${teacherId},%`}`,
      ),
    )})`
  }
  return sql`false`
}

async function presentEntries(data: Data, caller: Caller, rows: EntryRecord[]): Promise<EntryRow[]> {
  const ids = rows.map((r) => r.id)
  const projects = ids.length
    ? await data
        .repo(competitionApply)
        .find([inArray(competitionApply.id, [...new Set(rows.map((r) => r.projectId!))])])
    : []
  const byProject = new Map(projects.map((p) => [p.id, p]))
  const members = ids.length
    ? await data
        .repo(competitionAppointmentMember)
        .find([inArray(competitionAppointmentMember.appointmentId, ids)], {
          sort: [desc(competitionAppointmentMember.isLeader), asc(competitionAppointmentMember.studentNo)],
        })
    : []
  const teachers = await teacherNames(
    data,
    rows.map((r) => r.instructorTeacherIds),
  )
  const colleges = await collegeNames(
    data,
    rows.map((r) => r.deptSerial),
  )
  const classes = await classNames(
    data,
    rows.map((r) => r.classNo),
  )
  const stages = await stagesOf(data, ids, await dictLabels(data.db, COMPETITION_DICTS.award))
  const out: EntryRow[] = []
  for (const r of rows) {
    const project = byProject.get(r.projectId!)
    const reason = project ? await editReasonOf(data, caller, r, project) : '数据不存在或无权访问'
    out.push({
      ...(r as unknown as EntryRow),
      projectName: String(project?.projectName ?? ''),
      competitionName: String(project?.competitionName ?? ''),
      memberNames: members
        .filter((m) => m.appointmentId === r.id)
        .map((m) => m.studentName)
        .join('、'),
      teacherNames: joinNames(r.instructorTeacherIds, teachers),
      deptName: colleges.get(String(r.deptSerial)) ?? '',
      className: classes.get(String(r.classNo)) ?? String(r.classNo ?? ''),
      stage: stages.get(r.id) ?? '已报名',
      canEdit: reason === '',
      editReason: reason,
    })
  }
  return out
}

async function entryDetail(data: Data, id: string, type: number): Promise<EntryDetail> {
  const caller = await callerOf(data)
  const entry = await data.repo(competitionAppointment).need(id)
  const visible = await visibleEntries(data, caller)
  if (
    entry.entryType !== type ||
    !(await data.repo(competitionAppointment).exists(eq(competitionAppointment.id, id), visible))
  )
    bad('数据不存在或无权访问')
  const [row] = await presentEntries(data, caller, [entry])
  const members = await data
    .repo(competitionAppointmentMember)
    .find([eq(competitionAppointmentMember.appointmentId, id)], {
      sort: [desc(competitionAppointmentMember.isLeader), asc(competitionAppointmentMember.studentNo)],
    })
  const colleges = await collegeNames(
    data,
    members.map((m) => m.deptSerial),
  )
  const classes = await classNames(
    data,
    members.map((m) => m.classNo),
  )
  return {
    ...row,
    members: members.map((m) => ({
      id: m.id,
      studentNo: m.studentNo,
      studentName: String(m.studentName ?? ''),
      classNo: m.classNo,
      className: classes.get(String(m.classNo)) ?? String(m.classNo ?? ''),
      deptSerial: m.deptSerial,
      deptName: colleges.get(String(m.deptSerial)) ?? '',
      isLeader: m.isLeader,
    })),
  }
}

export function registerEntryRoutes(app: FastifyInstance) {
  route(app, api.projectPage, async ({ query, data }) => {
    const caller = await callerOf(data)
    const year = await yearOr(data, query.academicYear)
    const name = typeof query.projectName === 'string' ? query.projectName.trim() : ''
    const page = await data.repo(competitionApply).page(query, {
      where: [
        eq(competitionApply.academicYear, year),
        eq(competitionApply.status, APPLY_STATUS.approved),
        name
          ? sql`(${competitionApply.projectName} like ${`%${escapeLike(name)}%`} or ${competitionApply.competitionName} like ${`%${escapeLike(name)}%`})`
          : undefined,
      ],
      filters: false,
      sort: [desc(competitionApply.signupStart), asc(competitionApply.applyNo)],
    })
    return ok({ ...page, records: await signupProjects(data, caller, page.records) })
  })

  route(app, api.getApplyDetail, async ({ query, data }) => {
    const caller = await callerOf(data)
    const project = await data.repo(competitionApply).need(query.projectId, '竞赛项目不存在')
    if (project.status !== APPLY_STATUS.approved) bad('该竞赛项目未立项，不能报名')
    const [shown] = await signupProjects(data, caller, [project])
    const teacherIds = [project.leaderTeacherId, ...splitIds(project.teacherIds)].filter(
      (v): v is string => !!v,
    )
    const names = await teacherNames(data, teacherIds)
    const reason = signupReason(caller, project, !!shown.myEntryId)
    let me: MemberInfo | null = null
    if (caller.student) {
      const s = caller.student
      me = {
        studentNo: String(s.studentNo),
        studentName: String(s.studentName),
        classNo: text(s.classNo),
        className:
          (await classNames(data, [text(s.classNo)])).get(String(s.classNo)) ?? String(s.classNo ?? ''),
        deptSerial: text(s.deptSerial),
        deptName: (await collegeNames(data, [text(s.deptSerial)])).get(String(s.deptSerial)) ?? '',
      }
    }
    return ok({
      ...shown,
      organizer: String(project.organizer ?? ''),
      content: String(project.content ?? ''),
      teachers: [...new Set(teacherIds)].map((id) => ({ id, teacherName: names.get(id) ?? '' })),
      canSignup: reason === '',
      reason,
      me,
      staff: caller.kind === 'staff',
    })
  })

  route(app, api.recordPage, async ({ query, data }) => {
    const caller = await callerOf(data)
    const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : ''
    const like = `%${escapeLike(keyword)}%`
    const where: (SQL | undefined)[] = [await visibleEntries(data, caller)]
    if (typeof query.projectId === 'string' && /^\d{1,19}$/.test(query.projectId))
      where.push(eq(competitionAppointment.projectId, query.projectId))
    if (query.entryType === '1' || query.entryType === '2')
      where.push(eq(competitionAppointment.entryType, Number(query.entryType)))
    if (keyword)
      where.push(
        sql`(${competitionAppointment.teamName} like ${like} or ${competitionAppointment.id} in (select ${competitionAppointmentMember.appointmentId} from ${competitionAppointmentMember} where ${data.rows(
          competitionAppointmentMember,
          sql`(${competitionAppointmentMember.studentNo} like ${like} or ${competitionAppointmentMember.studentName} like ${like})`,
        )}))`,
      )
    const repo =
      caller.kind === 'staff'
        ? data.repo(competitionAppointment, entryScope)
        : data.repo(competitionAppointment)
    const page = await repo.page(query, { where, filters: false })
    return ok({ ...page, records: await presentEntries(data, caller, page.records) })
  })

  for (const [type, save, update, remove, detail] of [
    [ENTRY_TYPE.personal, api.savePersonal, api.updatePersonal, api.removePersonal, api.detailPersonal],
    [ENTRY_TYPE.team, api.saveGroup, api.updateGroup, api.removeGroup, api.detailGroup],
  ] as const) {
    route(app, save, async ({ body, data }) => {
      if (body.id) bad('新增数据不能带主键')
      const id = await data.transaction((tx) => saveEntry(tx, { type, body: body as never }))
      return ok({ id }, '报名成功')
    })
    route(app, update, async ({ body, data }) => {
      if (!body.id) bad('修改数据缺少主键')
      const id = await data.transaction((tx) => updateEntry(tx, { type, body: body as never }))
      return ok({ id }, '修改成功')
    })
    route(app, remove, async ({ query, data }) => {
      await data.transaction((tx) => removeEntries(tx, query.ids, type))
      return done('已取消报名')
    })
    route(app, detail, async ({ query, data }) => ok(await entryDetail(data, query.id, type)))
  }

  route(app, api.memberLookup, async ({ query, data }) => {
    const s = await data.repo(baseStudent).first(eq(baseStudent.studentNo, query.studentNo))
    if (!s) bad(`学号${query.studentNo}不存在`)
    return ok({
      studentNo: String(s!.studentNo),
      studentName: String(s!.studentName),
      classNo: text(s!.classNo),
      className:
        (await classNames(data, [text(s!.classNo)])).get(String(s!.classNo)) ?? String(s!.classNo ?? ''),
      deptSerial: text(s!.deptSerial),
      deptName: (await collegeNames(data, [text(s!.deptSerial)])).get(String(s!.deptSerial)) ?? '',
    })
  })
}

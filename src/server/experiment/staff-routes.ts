import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { experimentApi, type BookingStatistics, type ProjectStatRow } from '../../shared/api/experiment'
import { BOOKING_STATUS } from '../../shared/resources/experiment/project-stu'
import type { Data } from '../core/data'
import { ok, page } from '../core/envelope'
import { bad } from '../core/errors'
import { parsePaging } from '../core/query'
import { route } from '../core/route'
import {
  academic,
  baseStudent,
  experimentProject,
  experimentProjectStu,
  experimentProjectTime,
} from '../db/schema'
import { deptNames, sendBook } from '../teach/sheets'
import { projectsOf } from './slots'

/**
 * 预约学生 and 预约统计 (domain 8): the eligible students of a slot not yet booked in its project,
 * a slot's or project's bookings, and the counts per project, college and day (cancelled bookings
 * count as cancelled, never as booked).
 */

const list = (v: string | null | undefined) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
const text = (q: Record<string, unknown>, key: string) =>
  typeof q[key] === 'string' ? String(q[key]).trim() : ''

async function slotInReach(data: Data, timeId: string) {
  const slot = await data.repo(experimentProjectTime).need(timeId, '预约时段不存在')
  const project = await projectsOf(data).need(String(slot.projectId), '预约项目不存在或无权访问')
  return { slot, project }
}

/** Per project: slots, seats, live and cancelled bookings, for the term (and the caller's reach). */
async function projectStats(data: Data, query: Record<string, unknown>): Promise<ProjectStatRow[]> {
  const termId = text(query, 'academicYearId')
  const projects = await projectsOf(data).find(termId ? [eq(experimentProject.academicYearId, termId)] : [], {
    sort: [asc(experimentProject.projectName), asc(experimentProject.id)],
    limit: 5000,
  })
  if (!projects.length) return []
  const ids = projects.map((p) => p.id)
  const seats = await data.db
    .select({
      projectId: experimentProjectTime.projectId,
      slots: sql<number>`count(*)`,
      capacity: sql<number>`coalesce(sum(${experimentProjectTime.capacity}), 0)`,
    })
    .from(experimentProjectTime)
    .where(data.rows(experimentProjectTime, inArray(experimentProjectTime.projectId, ids)))
    .groupBy(experimentProjectTime.projectId)
  const bookings = await data.db
    .select({
      projectId: experimentProjectStu.projectId,
      status: experimentProjectStu.status,
      n: sql<number>`count(*)`,
    })
    .from(experimentProjectStu)
    .where(data.rows(experimentProjectStu, inArray(experimentProjectStu.projectId, ids)))
    .groupBy(experimentProjectStu.projectId, experimentProjectStu.status)
  const terms = new Map(
    (
      await data
        .repo(academic)
        .find([inArray(academic.id, [...new Set(projects.map((p) => String(p.academicYearId)))])])
    ).map((t) => [String(t.id), String(t.name ?? '')]),
  )
  return projects.map((p) => {
    const s = seats.find((r) => r.projectId === p.id)
    const booked = Number(
      bookings.find((b) => b.projectId === p.id && Number(b.status) === BOOKING_STATUS.booked)?.n ?? 0,
    )
    const cancelled = Number(
      bookings.find((b) => b.projectId === p.id && Number(b.status) === BOOKING_STATUS.cancelled)?.n ?? 0,
    )
    const capacity = Number(s?.capacity ?? 0)
    return {
      projectId: p.id,
      projectName: String(p.projectName),
      academicYearName: terms.get(String(p.academicYearId)) ?? '',
      slots: Number(s?.slots ?? 0),
      capacity,
      booked,
      cancelled,
      fillRate: capacity ? Math.round((booked / capacity) * 1000) / 10 : 0,
    }
  })
}

async function bookingStatistics(data: Data, query: Record<string, unknown>): Promise<BookingStatistics> {
  const rows = await projectStats(data, query)
  const ids = rows.map((r) => r.projectId)
  const live = ids.length
    ? await data.db
        .select({ deptSerial: experimentProjectStu.deptSerial, date: experimentProjectTime.date })
        .from(experimentProjectStu)
        .innerJoin(experimentProjectTime, eq(experimentProjectTime.id, experimentProjectStu.timeId))
        .where(
          and(
            data.rows(
              experimentProjectStu,
              inArray(experimentProjectStu.projectId, ids),
              eq(experimentProjectStu.status, BOOKING_STATUS.booked),
            ),
            data.rows(experimentProjectTime),
          ),
        )
    : []
  const byDept = new Map<string, number>()
  const byDay = new Map<string, number>()
  for (const r of live) {
    byDept.set(r.deptSerial ?? '', (byDept.get(r.deptSerial ?? '') ?? 0) + 1)
    byDay.set(String(r.date), (byDay.get(String(r.date)) ?? 0) + 1)
  }
  const names = await deptNames(data, [...byDept.keys()])
  return {
    byProject: rows.map((r) => ({
      name: r.projectName,
      capacity: r.capacity,
      booked: r.booked,
      fillRate: r.fillRate,
    })),
    byCollege: [...byDept.entries()].map(([serial, value]) => ({
      name: names.get(serial) ?? (serial || '未填写'),
      value,
    })),
    byDay: [...byDay.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([date, value]) => ({ date, value })),
    totals: {
      projects: rows.length,
      slots: rows.reduce((n, r) => n + r.slots, 0),
      capacity: rows.reduce((n, r) => n + r.capacity, 0),
      booked: rows.reduce((n, r) => n + r.booked, 0),
      cancelled: rows.reduce((n, r) => n + r.cancelled, 0),
    },
  }
}

export function registerStaffRoutes(app: FastifyInstance) {
  route(app, experimentApi.stu.stuList, async ({ query, data }) => {
    const { slot, project } = await slotInReach(data, query.timeId)
    const booked = await data
      .repo(experimentProjectStu)
      .find([
        eq(experimentProjectStu.projectId, project.id),
        eq(experimentProjectStu.status, BOOKING_STATUS.booked),
      ])
    const classes = list(project.classNos)
    const slotClasses = list(slot.classNos)
    const depts = list(project.deptSerials)
    const grades = list(project.grades)
    const q = query as Record<string, unknown>
    const name = text(q, 'studentName')
    const no = text(q, 'studentNo')
    const classNo = text(q, 'classNo')
    const found = await data.repo(baseStudent).page(
      { current: q.current, size: q.size },
      {
        filters: false,
        where: [
          classes.length ? inArray(baseStudent.classNo, classes) : undefined,
          slotClasses.length ? inArray(baseStudent.classNo, slotClasses) : undefined,
          depts.length ? inArray(baseStudent.deptSerial, depts) : undefined,
          grades.length ? inArray(baseStudent.grade, grades) : undefined,
          booked.length
            ? notInArray(
                baseStudent.studentNo,
                booked.map((b) => b.studentNo as string),
              )
            : undefined,
          name ? sql`${baseStudent.studentName} like ${`%${name}%`}` : undefined,
          no ? sql`${baseStudent.studentNo} like ${`%${no}%`}` : undefined,
          classNo ? eq(baseStudent.classNo, classNo) : undefined,
        ],
        sort: [asc(baseStudent.studentNo)],
      },
    )
    return ok({
      ...found,
      records: found.records.map((s) => ({
        studentNo: String(s.studentNo),
        studentName: String(s.studentName),
        classNo: String(s.classNo ?? ''),
        deptSerial: String(s.deptSerial ?? ''),
      })),
    })
  })

  route(app, experimentApi.stu.subStuList, async ({ query, data }) => {
    const q = query as Record<string, unknown>
    const timeId = text(q, 'timeId')
    const projectId = text(q, 'projectId')
    if (!timeId && !projectId) bad('请选择预约时段')
    if (timeId && !/^\d{1,19}$/.test(timeId)) bad('预约时段格式不正确')
    if (projectId && !/^\d{1,19}$/.test(projectId)) bad('预约项目格式不正确')
    const project = timeId
      ? (await slotInReach(data, timeId)).project
      : await projectsOf(data).need(projectId, '预约项目不存在或无权访问')
    const status = text(q, 'status')
    const found = await data.repo(experimentProjectStu).page(
      { current: q.current, size: q.size, studentNo: q.studentNo, studentName: q.studentName },
      {
        where: [
          eq(experimentProjectStu.projectId, project.id),
          timeId ? eq(experimentProjectStu.timeId, timeId) : undefined,
          eq(experimentProjectStu.status, status === '0' ? BOOKING_STATUS.cancelled : BOOKING_STATUS.booked),
        ],
        sort: [asc(experimentProjectStu.studentNo), desc(experimentProjectStu.id)],
      },
    )
    return ok(found as never)
  })

  route(app, experimentApi.stu.statistics, async ({ query, data }) => {
    const rows = await projectStats(data, query as Record<string, unknown>)
    const paging = parsePaging(query as Record<string, unknown>)
    return ok(
      page(
        rows.slice((paging.current - 1) * paging.size, paging.current * paging.size),
        rows.length,
        paging.current,
        paging.size,
      ),
    )
  })

  route(app, experimentApi.project.statistics, async ({ query, data }) =>
    ok(await bookingStatistics(data, query as Record<string, unknown>)),
  )

  route(app, experimentApi.stu.exportStatistics, async ({ query, data, reply }) => {
    const rows = await projectStats(data, query as Record<string, unknown>)
    const sheet = rows.map((r) => ({
      项目名称: r.projectName,
      学年学期: r.academicYearName,
      时段数: r.slots,
      容量: r.capacity,
      已预约: r.booked,
      已取消: r.cancelled,
      '预约率(%)': r.fillRate,
    }))
    return sendBook(reply, '预约统计.xlsx', [
      { name: '预约统计', rows: sheet.length ? sheet : [{ 项目名称: '' }] },
    ])
  })
}

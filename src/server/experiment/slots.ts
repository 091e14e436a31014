import { asc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { CreateTimeBody, experimentApi, type SkippedSlot } from '../../shared/api/experiment'
import { experimentProjectResource } from '../../shared/resources/experiment/project'
import {
  dateOfWeekday,
  holidaysOf,
  localDateOf,
  sectionsPerDay,
  teachingWeekdaysOf,
  weekOfDate,
  WEEKDAY_ZH,
} from '../../shared/resources/teach/calendar'
import type { Data } from '../core/data'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { route } from '../core/route'
import { experimentProject, experimentProjectStu, experimentProjectTime, teachClassroom } from '../db/schema'
import { needTermParameter, sectionTimes, shapeOf } from '../teach/terms'
import { roomsByIds } from '../teach/labs'
import { teachersByIds } from '../teach/people'
import { roomTeacherBusy, spanText } from './busy'

/**
 * 预约时段 (domain 8): `createTime` makes weeks × (room, weekday, sections, capacity) slots of a
 * project (replace first drops its unbooked slots); a holiday, or a room or teacher busy with a batch
 * or another slot, skips a slot with its reason. One transaction.
 */

export const projectsOf = (data: Data) => data.repo(experimentProject, experimentProjectResource)

type CreateBody = z.output<typeof CreateTimeBody>

async function createSlots(data: Data, body: CreateBody) {
  const project = await projectsOf(data).need(body.id, '预约项目不存在或无权访问')
  const academicYearId = String(project.academicYearId)
  const shape = shapeOf(await needTermParameter(data, academicYearId))
  const perDay = sectionsPerDay(shape)
  const times = new Map((await sectionTimes(data, academicYearId)).map((t) => [Number(t.section), t]))
  const weekdays = teachingWeekdaysOf(shape)
  const weeks = [...new Set(body.weeks)].sort((a, b) => a - b)
  if (weeks.some((w) => w < 1 || w > shape.weeks)) bad(`周次必须在1到${shape.weeks}之间`)
  const classrooms = await data.repo(teachClassroom).find([
    inArray(
      teachClassroom.roomId,
      body.addrList.map((a) => a.roomId),
    ),
  ])
  const byRoom = new Map(classrooms.filter((c) => Number(c.status) === 1).map((c) => [String(c.roomId), c]))
  const rooms = await roomsByIds(
    data,
    body.addrList.map((a) => a.roomId),
  )
  for (const a of body.addrList) {
    if (!byRoom.has(a.roomId)) bad('所选房间不是启用的排课教室')
    if (!weekdays.includes(a.weekday)) bad(`${WEEKDAY_ZH[a.weekday]}不是本学期的上课日`)
    if (a.startSection > a.endSection) bad('开始节次不能大于结束节次')
    if (a.endSection > perDay) bad(`节次超出每天节数（${perDay}）`)
    if (!times.get(a.startSection) || !times.get(a.endSection)) bad('作息时间不完整，请先设置作息时间')
  }
  const teacherIds = body.experimentUser.length
    ? body.experimentUser
    : String(project.teacherIds ?? '')
        .split(',')
        .filter(Boolean)
  if (!teacherIds.length) bad('请选择指导教师')
  const teachers = await teachersByIds(data, teacherIds)
  if (teachers.size !== new Set(teacherIds).size) bad('指导教师不存在')
  const classNos = body.classList.join(',')

  const slots = data.repo(experimentProjectTime)
  let replaced = new Set<string>()
  if (body.mode === 'replace') {
    const existing = await slots.find([eq(experimentProjectTime.projectId, project.id)])
    const withBookings = new Set(
      (
        await data
          .repo(experimentProjectStu)
          .find([inArray(experimentProjectStu.timeId, existing.length ? existing.map((s) => s.id) : ['0'])])
      ).map((b) => b.timeId),
    )
    const drop = existing.filter((s) => !withBookings.has(s.id)).map((s) => s.id)
    if (drop.length) await slots.remove(drop)
    replaced = new Set(drop)
  }
  const holidays = new Set(holidaysOf(shape))
  const dates = [
    ...new Set(
      weeks.flatMap((w) => body.addrList.map((a) => dateOfWeekday(shape.firstWeekMonday, w, a.weekday))),
    ),
  ]
  const busy = await roomTeacherBusy(data, academicYearId, dates, replaced)
  const created: Record<string, unknown>[] = []
  const skipped: SkippedSlot[] = []
  for (const week of weeks)
    for (const a of body.addrList) {
      const date = dateOfWeekday(shape.firstWeekMonday, week, a.weekday)
      const room = rooms.get(a.roomId)
      const roomName = room?.roomName || room?.roomNo || ''
      const candidate = {
        date,
        week,
        weekday: a.weekday,
        startSection: a.startSection,
        endSection: a.endSection,
        roomId: a.roomId,
        teacherIds,
        projectId: project.id,
      }
      const reason = holidays.has(date) ? `节假日（${date}）` : busy.conflict(candidate)
      if (reason) {
        skipped.push({
          week,
          weekday: a.weekday,
          startSection: a.startSection,
          endSection: a.endSection,
          roomName,
          reason: `${spanText(candidate)} ${roomName}：${reason}`,
        })
        continue
      }
      busy.add(candidate)
      created.push({
        projectId: project.id,
        week,
        weekday: a.weekday,
        startSection: a.startSection,
        endSection: a.endSection,
        date,
        startTime: String(times.get(a.startSection)!.startTime),
        endTime: String(times.get(a.endSection)!.endTime),
        roomId: a.roomId,
        teacherIds: teacherIds.join(','),
        classNos: classNos || null,
        capacity: a.capacity ?? Number(byRoom.get(a.roomId)!.capacity ?? 30),
        bookedCount: 0,
        status: 1,
      })
    }
  await slots.insert(created as never)
  const count = await slots.count(eq(experimentProjectTime.projectId, project.id))
  await projectsOf(data).update(project.id, { slotCount: count })
  return { created: created.length, skipped }
}

/** Slots with their room and teacher names. */
export async function presentSlots(data: Data, rows: (typeof experimentProjectTime.$inferSelect)[]) {
  const rooms = await roomsByIds(
    data,
    rows.map((r) => r.roomId),
  )
  const teachers = await teachersByIds(
    data,
    rows.flatMap((r) => String(r.teacherIds ?? '').split(',')),
  )
  return rows.map((r) => ({
    ...r,
    roomName: rooms.get(String(r.roomId))?.roomName ?? '',
    roomNo: rooms.get(String(r.roomId))?.roomNo ?? '',
    teacherNames: String(r.teacherIds ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => String(teachers.get(id)?.teacherName ?? ''))
      .join('、'),
  }))
}

export function registerSlotRoutes(app: FastifyInstance) {
  route(app, experimentApi.time.create, async ({ body, data }) => {
    const result = await data.transaction((tx) => createSlots(tx, body))
    return ok(
      result,
      `已生成${result.created}个时段${result.skipped.length ? `，跳过${result.skipped.length}个` : ''}`,
    )
  })

  route(app, experimentApi.time.page, async ({ query, data }) => {
    const projectId = String(query.projectId ?? query.projectId_equal ?? '')
    // A slot is visible when its project is.
    const visible = projectId ? [projectId] : (await projectsOf(data).find([])).map((p) => p.id)
    if (projectId) await projectsOf(data).need(projectId, '预约项目不存在或无权访问')
    const page = await data.repo(experimentProjectTime).page(
      { ...query, projectId: undefined },
      {
        where: [
          visible.length
            ? inArray(experimentProjectTime.projectId, visible)
            : eq(experimentProjectTime.id, '0'),
        ],
        sort: [
          asc(experimentProjectTime.date),
          asc(experimentProjectTime.startSection),
          asc(experimentProjectTime.id),
        ],
      },
    )
    return ok({ ...page, records: await presentSlots(data, page.records) } as never)
  })

  route(app, experimentApi.time.calendar, async ({ query, data }) => {
    const project = await projectsOf(data).need(query.projectId, '预约项目不存在或无权访问')
    const academicYearId = String(project.academicYearId)
    const shape = shapeOf(await needTermParameter(data, academicYearId))
    const { week } = weekOfDate(shape.firstWeekMonday, localDateOf(new Date()))
    return ok({
      academicYearId,
      weeks: shape.weeks,
      teachingWeekdays: teachingWeekdaysOf(shape),
      sectionsPerDay: sectionsPerDay(shape),
      times: (await sectionTimes(data, academicYearId)).map((t) => ({
        section: Number(t.section),
        startTime: String(t.startTime),
        endTime: String(t.endTime),
        period: Number(t.period),
      })),
      currentWeek: Math.max(0, Math.min(week, shape.weeks)),
    })
  })
}

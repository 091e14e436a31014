import { asc, desc, eq, gte, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { experimentApi, type SlotState, type StudentSlot } from '../../shared/api/experiment'
import { SUBSCRIBE_PROJECT_STATUS } from '../../shared/resources/experiment/project'
import { BOOKING_STATUS } from '../../shared/resources/experiment/project-stu'
import { localDateOf } from '../../shared/resources/teach/calendar'
import type { Data } from '../core/data'
import { done, ok } from '../core/envelope'
import { bad, ForbiddenError } from '../core/errors'
import { route } from '../core/route'
import { experimentProject, experimentProjectStu, experimentProjectTime } from '../db/schema'
import { holdsButton, isOffice, myStudent, type StudentRow } from '../teach/people'
import { roomsByIds } from '../teach/labs'
import {
  bookForSelf,
  bookForStudents,
  bookingRefusal,
  cancelBooking,
  cancelRefusal,
  inAudience,
  liveBookingsOf,
  startOf,
} from './booking'
import { paramsOf, windowOf } from './params'
import { presentProjects } from './projects'
import { presentSlots, projectsOf } from './slots'

/**
 * The student's side (实验项目预约, 我的预约): what they may book, slot by slot with its state, booking
 * and cancelling within the rules; staff and the project's teachers add and remove students.
 */

async function needStudent(data: Data): Promise<StudentRow> {
  return (await myStudent(data)) ?? bad('当前账号未关联学生信息')
}

/** Published projects the caller may see: a student's audience, or every one for an office preview. */
async function visibleProjects(data: Data, student: StudentRow | null) {
  const rows = await data
    .repo(experimentProject)
    .find([eq(experimentProject.status, SUBSCRIBE_PROJECT_STATUS.published)], {
      sort: [desc(experimentProject.pushTime), asc(experimentProject.id)],
      limit: 2000,
    })
  return student ? rows.filter((p) => inAudience(student, p)) : rows
}

async function studentOrPreview(data: Data): Promise<StudentRow | null> {
  const student = await myStudent(data)
  if (!student && !isOffice(data)) bad('当前账号未关联学生信息')
  return student
}

/** The state of each slot for a student (可预约/已约满/已预约/时间冲突/已开始). */
async function slotStates(data: Data, student: StudentRow | null, projectId: string): Promise<StudentSlot[]> {
  const project = await data.repo(experimentProject).need(projectId, '预约项目不存在')
  if (Number(project.status) !== SUBSCRIBE_PROJECT_STATUS.published) bad('该项目未发布')
  if (student && !inAudience(student, project)) bad('您不在该项目的预约范围内')
  const slots = await data
    .repo(experimentProjectTime)
    .find([eq(experimentProjectTime.projectId, project.id), eq(experimentProjectTime.status, 1)], {
      sort: [
        asc(experimentProjectTime.date),
        asc(experimentProjectTime.startSection),
        asc(experimentProjectTime.id),
      ],
    })
  const visible = student ? slots.filter((s) => inAudience(student, project, s)) : slots
  const params = await paramsOf(data)
  const now = new Date()
  const mine = student ? await liveBookingsOf(data, String(student.studentNo)) : []
  const shown = await presentSlots(data, visible)
  const out: StudentSlot[] = []
  for (const slot of shown) {
    const left = Math.max(0, Number(slot.capacity) - Number(slot.bookedCount))
    let state: SlotState = '可预约'
    let reason = ''
    if (mine.some((b) => b.timeId === slot.id)) state = '已预约'
    else if (startOf(slot).getTime() < now.getTime() + params.advanceHours * 3600_000) {
      state = '已开始'
      reason = `该时段已开始或距开始不足${params.advanceHours}小时，不能预约`
    } else if (!left) {
      state = '已约满'
      reason = '该时段已约满'
    } else if (student) {
      const refusal = await bookingRefusal(data, { student, slot, project, params, staff: false, now })
      if (refusal?.startsWith('该时段与您的其他安排冲突')) state = '时间冲突'
      if (refusal) reason = refusal
    }
    out.push({ ...slot, left, state, reason } as StudentSlot)
  }
  return out
}

export function registerStudentRoutes(app: FastifyInstance) {
  route(app, experimentApi.project.subscribeList, async ({ data }) => {
    const student = await studentOrPreview(data)
    const projects = await visibleProjects(data, student)
    const mine = student ? await liveBookingsOf(data, String(student.studentNo)) : []
    // Seats left in slots still ahead.
    const today = localDateOf(new Date())
    const slots = projects.length
      ? await data.repo(experimentProjectTime).find([
          inArray(
            experimentProjectTime.projectId,
            projects.map((p) => p.id),
          ),
          eq(experimentProjectTime.status, 1),
          gte(experimentProjectTime.date, today),
        ])
      : []
    const left = new Map<string, number>()
    for (const s of slots)
      if (
        !student ||
        inAudience(
          student,
          projects.find((p) => p.id === s.projectId)!,
          s,
        )
      )
        left.set(
          String(s.projectId),
          (left.get(String(s.projectId)) ?? 0) + Math.max(0, Number(s.capacity) - Number(s.bookedCount)),
        )
    const shown = await presentProjects(data, projects)
    return ok(
      shown
        .map((p) => ({
          ...p,
          left: left.get(p.id) ?? 0,
          mine: mine.filter((b) => b.projectId === p.id).length,
        }))
        .filter((p) => p.left > 0 || p.mine > 0) as never,
    )
  })

  route(app, experimentApi.time.subscribeList, async ({ query, data }) => {
    const student = await studentOrPreview(data)
    return ok(await slotStates(data, student, query.projectId))
  })

  route(app, experimentApi.params.checkSubscribeTime, async ({ query, data }) => {
    const params = await paramsOf(data)
    const project = query.projectId
      ? await data.repo(experimentProject).need(query.projectId, '预约项目不存在')
      : null
    const window = windowOf(params, project)
    const student = await myStudent(data)
    // the caller's 学号, which the booking screen sends as stuSerial
    const studentNo = student ? String(student.studentNo) : null
    const answer = (reason: string) =>
      ok({ canSubscribe: !reason, reason, window, notice: params.notice, studentNo })
    if (!window.open) return answer(window.msg)
    if (!project) return answer('')
    if (Number(project.status) !== SUBSCRIBE_PROJECT_STATUS.published) return answer('该项目未发布')
    if (!student) return answer(isOffice(data) ? '' : '当前账号未关联学生信息')
    if (!inAudience(student, project)) return answer('您不在该项目的预约范围内')
    const mine = await liveBookingsOf(data, String(student.studentNo))
    const projects = new Set(mine.map((b) => b.projectId))
    if (!projects.has(project.id) && projects.size >= params.maxProjects)
      return answer(`每名学生最多预约${params.maxProjects}个项目`)
    return answer('')
  })

  route(app, experimentApi.stu.save, async ({ body, data }) => {
    const student = await myStudent(data)
    // Staff (and whoever holds 添加学生) add students; everyone else books only for themselves.
    const staff = !student && (isOffice(data) || (await holdsButton(data, 'experiment_projectstu_add')))
    if (!student && !staff) {
      if (data.me.roleAliases.includes('student')) bad('当前账号未关联学生信息')
      throw new ForbiddenError()
    }
    const booked = staff ? await bookForStudents(data, body) : await bookForSelf(data, body)
    return ok({ booked }, staff ? `已添加${booked}名学生` : '预约成功')
  })

  route(app, experimentApi.stu.remove, async ({ query, data }) => {
    await data.transaction(async (tx) => {
      const booking = await tx
        .repo(experimentProjectStu)
        .first(
          eq(experimentProjectStu.timeId, query.timeId),
          eq(experimentProjectStu.studentNo, query.stuSerial),
          eq(experimentProjectStu.status, BOOKING_STATUS.booked),
        )
      if (!booking) bad('未找到该预约')
      const student = await myStudent(tx)
      if (student && String(student.studentNo) === query.stuSerial && !isOffice(tx)) {
        const slot = await tx.repo(experimentProjectTime).need(String(booking!.timeId), '预约时段不存在')
        const refusal = cancelRefusal(await paramsOf(tx), slot)
        if (refusal) bad(refusal)
      } else if (student && !isOffice(tx)) bad('只能取消本人的预约')
      // Staff and the project's teachers (its data scope) may always remove.
      else await projectsOf(tx).need(String(booking!.projectId), '预约项目不存在或无权访问')
      await cancelBooking(tx, booking!)
    })
    return done('取消成功')
  })

  route(app, experimentApi.stu.mySubscribe, async ({ data }) => {
    const student = await needStudent(data)
    const rows = await data
      .repo(experimentProjectStu)
      .find([eq(experimentProjectStu.studentNo, String(student.studentNo))], {
        sort: [desc(experimentProjectStu.subscribeTime)],
        limit: 500,
      })
    if (!rows.length) return ok([])
    const slots = new Map(
      (
        await data.repo(experimentProjectTime).find([
          inArray(
            experimentProjectTime.id,
            rows.map((r) => String(r.timeId)),
          ),
        ])
      ).map((s) => [s.id, s]),
    )
    const projects = new Map(
      (
        await data.repo(experimentProject).find([
          inArray(
            experimentProject.id,
            rows.map((r) => String(r.projectId)),
          ),
        ])
      ).map((p) => [p.id, p]),
    )
    const rooms = await roomsByIds(
      data,
      [...slots.values()].map((s) => s.roomId),
    )
    const params = await paramsOf(data)
    return ok(
      rows
        .filter((r) => slots.has(String(r.timeId)))
        .map((r) => {
          const slot = slots.get(String(r.timeId))!
          const why = Number(r.status) === BOOKING_STATUS.booked ? cancelRefusal(params, slot) : '预约已取消'
          return {
            ...r,
            projectName: String(projects.get(String(r.projectId))?.projectName ?? ''),
            date: String(slot.date),
            startTime: String(slot.startTime),
            endTime: String(slot.endTime),
            week: Number(slot.week),
            weekday: Number(slot.weekday),
            startSection: Number(slot.startSection),
            endSection: Number(slot.endSection),
            roomName: rooms.get(String(slot.roomId))?.roomName ?? '',
            canCancel: !why,
            cancelReason: why ?? '',
          }
        }) as never,
    )
  })
}

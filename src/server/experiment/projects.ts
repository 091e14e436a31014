import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { experimentApi } from '../../shared/api/experiment'
import {
  experimentProjectResource,
  SUBSCRIBE_PROJECT_STATUS,
} from '../../shared/resources/experiment/project'
import { dataOf, type Data } from '../core/data'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { defaultSort, registerResourceRoutes } from '../core/resource-routes'
import { route } from '../core/route'
import { formatDateTime } from '../core/serialize'
import {
  academic,
  baseTeacher,
  experimentProject,
  experimentProjectStu,
  experimentProjectTime,
  teachProject,
} from '../db/schema'
import { labsByIds, needLab } from '../teach/labs'
import { classesByNos, splitClassNos, teachersByIds } from '../teach/people'
import { sendBook } from '../teach/sheets'
import { projectsOf } from './slots'
import { withChanges } from '../teach/rows'

type Row = Record<string, unknown>
type ProjectRow = typeof experimentProject.$inferSelect

/** Slot counts, seats and live bookings per project. */
export async function seatsOf(data: Data, projectIds: string[]) {
  const out = new Map<string, { slots: number; capacity: number; booked: number }>()
  if (!projectIds.length) return out
  const rows = await data.db
    .select({
      projectId: experimentProjectTime.projectId,
      slots: count(),
      capacity: sql<number>`coalesce(sum(${experimentProjectTime.capacity}), 0)`,
      booked: sql<number>`coalesce(sum(${experimentProjectTime.bookedCount}), 0)`,
    })
    .from(experimentProjectTime)
    .where(data.rows(experimentProjectTime, inArray(experimentProjectTime.projectId, projectIds)))
    .groupBy(experimentProjectTime.projectId)
  for (const r of rows)
    out.set(String(r.projectId), {
      slots: Number(r.slots),
      capacity: Number(r.capacity),
      booked: Number(r.booked),
    })
  return out
}

/** Projects for the wire: lab, teachers, term name, slots and seats. */
export async function presentProjects(data: Data, rows: ProjectRow[]) {
  const labs = await labsByIds(
    data,
    rows.map((r) => r.labId),
  )
  const teachers = await teachersByIds(
    data,
    rows.flatMap((r) => String(r.teacherIds ?? '').split(',')),
  )
  const termIds = [...new Set(rows.map((r) => String(r.academicYearId)).filter((v) => v !== 'null'))]
  const terms = new Map(
    termIds.length
      ? (await data.repo(academic).find([inArray(academic.id, termIds)])).map((t) => [
          String(t.id),
          String(t.name ?? ''),
        ])
      : [],
  )
  const seats = await seatsOf(
    data,
    rows.map((r) => r.id),
  )
  return rows.map((r) => ({
    ...r,
    labName: labs.get(String(r.labId))?.labName ?? '',
    teacherNames: String(r.teacherIds ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => String(teachers.get(id)?.teacherName ?? ''))
      .join('、'),
    academicYearName: terms.get(String(r.academicYearId)) ?? '',
    slotCount: seats.get(r.id)?.slots ?? 0,
    capacity: seats.get(r.id)?.capacity ?? 0,
    booked: seats.get(r.id)?.booked ?? 0,
  }))
}

async function liveBookings(data: Data, projectIds: string[]) {
  return data
    .repo(experimentProjectStu)
    .count(inArray(experimentProjectStu.projectId, projectIds), eq(experimentProjectStu.status, 1))
}

/** Fields a form may not set: publishing goes through pushProject, counts are the server's. */
const SERVER_SET = ['status', 'pushTime', 'slotCount']

export function registerProjectRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, experimentProjectResource, experimentProject, {
    beforeSave: async ({ data, request, row, isNew }) => {
      for (const key of SERVER_SET) delete row[key]
      if (isNew) row.status = SUBSCRIBE_PROJECT_STATUS.unpublished
      const before = isNew ? null : await projectsOf(data).need(String((request.body as Row).id))
      if (row.teachProjectId) {
        const source = await data.repo(teachProject).need(String(row.teachProjectId), '实验项目不存在')
        if (!row.projectName) row.projectName = source.experimentName
        if (!row.hours) row.hours = source.hours
        if (!row.labId) row.labId = source.labId
      }
      const merged = withChanges(before ?? {}, row) as Row
      if (!merged.labId) bad('请选择所属实验室')
      await needLab(data, String(merged.labId))
      await data.repo(academic).need(String(merged.academicYearId), '学年学期不存在')
      const teacherIds = String(merged.teacherIds ?? '')
        .split(',')
        .filter(Boolean)
      if (!teacherIds.length) bad('请选择指导教师')
      await data.repo(baseTeacher).needAll(teacherIds, '指导教师不存在')
      const classNos = splitClassNos(merged.classNos)
      const classes = await classesByNos(data, classNos)
      const unknown = classNos.find((c) => !classes.has(c))
      if (unknown) bad(`班级${unknown}不存在`)
      if (row.classNos !== undefined) row.classNos = classNos.join(',')
      // The engine has turned the wire's times into Dates already.
      const start = merged.subscribeStart as Date | null | undefined
      const end = merged.subscribeEnd as Date | null | undefined
      if (start && end && !(end > start)) bad('预约结束时间必须晚于开始时间')
    },
    beforeRemove: async ({ data, ids }) => {
      if (await liveBookings(data, ids)) bad('已有学生预约，不能删除')
      const slots = await data
        .repo(experimentProjectTime)
        .find([inArray(experimentProjectTime.projectId, ids)])
      if (slots.length) await data.repo(experimentProjectTime).remove(slots.map((s) => s.id))
    },
    present: async (rows, request) => (await presentProjects(dataOf(request), rows as ProjectRow[])) as Row[],
  })

  route(app, experimentApi.project.push, async ({ body, data }) => {
    await data.transaction(async (tx) => {
      const projects = await projectsOf(tx).needAll(body.ids, '预约项目不存在或无权访问')
      if (body.push === 1) {
        const seats = await seatsOf(tx, body.ids)
        const empty = projects.filter((p) => !seats.get(p.id)?.slots)
        if (empty.length === 1 && projects.length === 1) bad('请先生成预约时段')
        if (empty.length) bad(`『${empty[0].projectName}』请先生成预约时段`)
        await projectsOf(tx).update(body.ids, {
          status: SUBSCRIBE_PROJECT_STATUS.published,
          pushTime: new Date(),
        })
      } else {
        if (await liveBookings(tx, body.ids)) bad('已有学生预约，不能撤回')
        await projectsOf(tx).update(body.ids, {
          status: SUBSCRIBE_PROJECT_STATUS.unpublished,
          pushTime: null,
        })
      }
    })
    return done(body.push === 1 ? '发布成功' : '撤回成功')
  })

  route(app, experimentApi.project.export, async ({ query, data, reply }) => {
    const rows = await projectsOf(data).list(query, {
      sort: defaultSort(experimentProjectResource, experimentProject),
      limit: 20000,
    })
    const shown = await presentProjects(data, rows)
    const sheet = shown.map((p) => ({
      项目名称: p.projectName,
      学年学期: p.academicYearName,
      所属实验室: p.labName,
      指导教师: p.teacherNames,
      实验学时: p.hours,
      预约班级: p.classNos ?? '',
      预约院系: p.deptSerials ?? '',
      预约年级: p.grades ?? '',
      时段数: p.slotCount,
      容量: p.capacity,
      已约人数: p.booked,
      发布状态: Number(p.status) === 1 ? '已发布' : '未发布',
      发布时间: p.pushTime ? formatDateTime(p.pushTime) : '',
    }))
    return sendBook(reply, '预约项目.xlsx', [
      { name: '预约项目', rows: sheet.length ? sheet : [{ 项目名称: '' }] },
    ])
  })

  route(app, experimentApi.project.teachProjects, async ({ data }) => {
    const rows = await data
      .repo(teachProject)
      .find([eq(teachProject.status, 1)], { sort: [asc(teachProject.experimentNumber)], limit: 10000 })
    return ok(
      rows.map((r) => ({
        id: r.id,
        experimentName: `${r.experimentName}（${r.experimentNumber}）`,
        experimentNumber: String(r.experimentNumber),
        hours: Number(r.hours),
        labId: r.labId,
      })),
    )
  })
}

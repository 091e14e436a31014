import { asc, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { experimentApi } from '../../shared/api/experiment'
import { ok } from '../core/envelope'
import { route } from '../core/route'
import { dept, teachClassroom } from '../db/schema'
import { DEPT_CATEGORY } from '../system/dept-routes'
import { classOptions, deptTree, registerPicker, teacherOptions } from '../teach/pickers'
import { allLabs, labsByIds, roomsByIds } from '../teach/labs'

/** What the 预约项目 and 生成时段 forms pick from, through the experiment families teachers hold. */
export function registerExperimentPickers(app: FastifyInstance) {
  registerPicker(app, [experimentApi.project.teachers], teacherOptions)
  registerPicker(app, [experimentApi.project.classes], classOptions)
  registerPicker(app, [experimentApi.project.deptTree], (data) => deptTree(data))

  route(app, experimentApi.project.depts, async ({ data }) => {
    const rows = await data.db
      .select({ serial: dept.serial, deptName: dept.deptName })
      .from(dept)
      .where(data.rows(dept, inArray(dept.deptCategory, [DEPT_CATEGORY.college])))
      .orderBy(asc(dept.sort), asc(dept.id))
    return ok(rows.filter((r) => r.serial).map((r) => ({ serial: String(r.serial), deptName: r.deptName })))
  })

  route(app, experimentApi.project.labs, async ({ data }) =>
    ok(
      (await allLabs(data)).map((l) => ({
        ...l,
        name: l.serial ? `${l.labName}（${l.serial}）` : l.labName,
      })),
    ),
  )

  // 启用 排课教室: the rooms slots are made in.
  route(app, experimentApi.project.rooms, async ({ data }) => {
    const rows = await data
      .repo(teachClassroom)
      .find([], { sort: [asc(teachClassroom.sort), asc(teachClassroom.id)] })
    const enabled = rows.filter((r) => Number(r.status) === 1)
    const rooms = await roomsByIds(
      data,
      enabled.map((r) => r.roomId),
    )
    const labs = await labsByIds(
      data,
      enabled.map((r) => r.labId),
    )
    return ok(
      enabled.map((r) => ({
        id: String(r.roomId),
        roomName: rooms.get(String(r.roomId))?.roomName ?? '',
        roomNo: rooms.get(String(r.roomId))?.roomNo ?? '',
        capacity: Number(r.capacity ?? 0),
        labName: labs.get(String(r.labId))?.labName ?? '',
      })),
    )
  })
}

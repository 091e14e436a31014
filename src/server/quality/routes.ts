/**
 * `/api/quality/*`: the three sheets' standard routes (with the lock and source-column rules as hooks),
 * 抽取数据, 锁定/解锁 and the lock state each screen shows in its banner.
 */
import { asc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  courseInspectionApi,
  roomInspectionApi,
  situationApi,
  type ExtractResult,
} from '../../shared/api/quality'
import type { ResourceDef } from '../../shared/resource/types'
import {
  courseInspectionResource,
  MAX_PHOTOS,
  roomInspectionResource,
  situationResource,
  type Sheet,
} from '../../shared/resources/quality/inspection'
import { splitList } from '../teach/schedule/load'
import type { Data } from '../core/data'
import { dataOf } from '../core/data'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { registerResourceRoutes, type ResourceHooks } from '../core/resource-routes'
import { route } from '../core/route'
import {
  labRoom,
  qualityInspectionCourse,
  qualityInspectionRoom,
  qualityInspectionSituation,
} from '../db/schema'
import { attachmentsOf, checkAttachIds } from '../files/attachments'
import { extractCourses } from './extract-courses'
import { batchCountsByRoom, extractRooms, roomSources } from './extract-rooms'
import { assertWritable, lockState, setLock } from './locks'
import { summarise } from './summarise'
import { qualityTerm, type QualityTerm } from './terms'

type Row = Record<string, unknown>

/** The fields a form writes (findings); everything else is the extraction's. */
const findingFields = (def: ResourceDef, ...extra: string[]) =>
  new Set([...def.fields.filter((f) => f.form !== false && f.name !== 'roomId').map((f) => f.name), ...extra])

function keepOnly(row: Row, names: Set<string>) {
  for (const key of Object.keys(row)) if (!names.has(key)) delete row[key]
}

/** The term of an existing row, as quality messages name it. */
async function termOfRow(data: Data, academicYearId: unknown): Promise<QualityTerm> {
  return qualityTerm(data, String(academicYearId))
}

/** Percentages as numbers with one decimal (the engine's decimal columns carry four). */
const asNumbers =
  (...names: string[]) =>
  (rows: Row[]) =>
    rows.map((r) => ({
      ...r,
      ...Object.fromEntries(names.map((n) => [n, r[n] === null ? null : Number(r[n])])),
    }))

const courseFindings = findingFields(courseInspectionResource)
const courseHooks: ResourceHooks = {
  present: asNumbers('openRate'),
  beforeSave: async ({ data, row, isNew, request }) => {
    if (isNew) bad('课程检查的数据由抽取数据生成，只能录入检查结果')
    const current = await data.repo(qualityInspectionCourse).need(String((request.body as Row).id))
    await assertWritable(data, await termOfRow(data, current.academicYearId), 'course')
    keepOnly(row, courseFindings)
  },
}

const roomFindings = findingFields(roomInspectionResource, 'photoIds')
const roomHooks: ResourceHooks = {
  beforeSave: async ({ data, row, isNew, request }) => {
    if (row.photoIds !== undefined) {
      if (splitList(row.photoIds as string).length > MAX_PHOTOS) bad(`现场照片最多上传${MAX_PHOTOS}张`)
      row.photoIds = await checkAttachIds(data, row.photoIds)
    }
    if (isNew) {
      const termId = (request.body as Row).academicYearId
      if (termId === undefined || termId === null || termId === '') bad('请选择学年学期')
      const term = await qualityTerm(data, String(termId))
      await assertWritable(data, term, 'room')
      const room = await data.repo(labRoom).need(String(row.roomId), '房间不存在')
      const taken = await data
        .repo(qualityInspectionRoom)
        .exists(eq(qualityInspectionRoom.academicYearId, term.id), eq(qualityInspectionRoom.roomId, room.id))
      if (taken) bad('该房间本学期已在检查表中')
      const [source] = await roomSources(data, [room], await batchCountsByRoom(data, term.id))
      keepOnly(row, roomFindings)
      Object.assign(row, source.values, { academicYearId: term.id, sourceMissing: 0 })
      return
    }
    const current = await data.repo(qualityInspectionRoom).need(String((request.body as Row).id))
    await assertWritable(data, await termOfRow(data, current.academicYearId), 'room')
    keepOnly(row, roomFindings)
  },
  beforeRemove: async ({ data, ids }) => {
    const rows = await data.repo(qualityInspectionRoom).find([inArray(qualityInspectionRoom.id, ids)])
    for (const termId of new Set(rows.map((r) => String(r.academicYearId))))
      await assertWritable(data, await termOfRow(data, termId), 'room')
  },
  present: async (rows, request) => withPhotos(dataOf(request), rows),
  conflicts: { quality_inspection_room_uq: '该房间本学期已在检查表中' },
}

/** Rows with `photos` [{id, originalName, attachSize, link}] in the order of `photoIds`. */
async function withPhotos(data: Data, rows: Row[]): Promise<Row[]> {
  const all = await attachmentsOf(data, [
    ...new Set(rows.flatMap((r) => splitList(r.photoIds as string | null))),
  ])
  const byId = new Map(all.map((a) => [a.id, a]))
  return rows.map((r) => ({
    ...r,
    photos: splitList(r.photoIds as string | null).flatMap((id) => byId.get(id) ?? []),
  }))
}

const EXTRACT: Record<Sheet, (data: Data, term: QualityTerm) => Promise<ExtractResult>> = {
  course: extractCourses,
  room: extractRooms,
  situation: summarise,
}

const extractMessage = (r: ExtractResult) =>
  `抽取完成：新增${r.added}条，更新${r.updated}条${r.flagged ? `，${r.flagged}条来源数据已删除` : ''}`

/** 抽取数据, 锁定/解锁 and the lock state of one sheet. */
function registerSheetCalls(
  app: FastifyInstance,
  sheet: Sheet,
  api: Pick<typeof situationApi, 'extractData' | 'lockingData' | 'lockStatus'>,
) {
  route(app, api.extractData, async ({ data, query }) => {
    const term = await qualityTerm(data, query.academicYearId)
    await assertWritable(data, term, sheet)
    const result = await EXTRACT[sheet](data, term)
    return ok(result, extractMessage(result))
  })
  route(app, api.lockingData, async ({ data, query }) => {
    const term = await qualityTerm(data, query.academicYearId)
    const locked = query.locked === '1'
    await setLock(data, term, sheet, locked)
    return ok(await lockState(data, term), locked ? '锁定成功' : '解锁成功')
  })
  route(app, api.lockStatus, async ({ data, query }) =>
    ok(await lockState(data, await qualityTerm(data, query.academicYearId))),
  )
}

export function registerQualityRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, courseInspectionResource, qualityInspectionCourse, courseHooks)
  registerResourceRoutes(app, roomInspectionResource, qualityInspectionRoom, roomHooks)
  registerResourceRoutes(app, situationResource, qualityInspectionSituation, {
    present: asNumbers('avgOpenRate', 'rectifyRate'),
  })
  registerSheetCalls(app, 'course', courseInspectionApi)
  registerSheetCalls(app, 'room', roomInspectionApi)
  registerSheetCalls(app, 'situation', situationApi)
  route(app, roomInspectionApi.roomOptions, async ({ data }) => {
    const rooms = await data.repo(labRoom).find([], { sort: [asc(labRoom.roomNo)], limit: 5000 })
    return ok(rooms.map((r) => ({ id: r.id, label: `${r.roomNo} ${r.roomName ?? ''}`.trim() })))
  })
}

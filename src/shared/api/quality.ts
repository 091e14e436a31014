import { z } from 'zod'
import {
  courseInspectionResource,
  roomInspectionResource,
  situationResource,
  type Sheet,
} from '../resources/quality/inspection'
import { Id, type AttachmentInfo } from './common'
import { answer, GET } from './endpoint'
import { resourceEndpoints, type RowOf } from './resource'

/**
 * `/api/quality/*` (质量检查, reports-portal.md 7): per term, 抽取数据 fills a sheet from its sources,
 * the inspectors record findings, 锁定 freezes it. Every sheet answers the same lock state.
 */

export type CourseInspection = RowOf<typeof courseInspectionResource>
export type RoomInspection = RowOf<typeof roomInspectionResource> & {
  /** detail: the photos of `photoIds` (blade_attach rows of the tenant). */
  photos?: InspectionPhoto[]
}
export type InspectionSituation = RowOf<typeof situationResource>

/** A photo: the attachment (blade_attach) it was uploaded as. */
export type InspectionPhoto = AttachmentInfo

/** What 抽取数据 did: rows added, rows whose source columns were refreshed, rows whose source vanished. */
export interface ExtractResult {
  added: number
  updated: number
  flagged: number
}

export interface SheetLock {
  locked: 0 | 1
  lockedBy: string | null
  lockedTime: string | null
}

/** A term's three sheets and whether each is locked. */
export interface LockState {
  academicYearId: string
  /** e.g. 2024-2025学年第一学期. */
  termName: string
  sheets: Record<Sheet, SheetLock>
}

const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), Id(message).optional())

/** `?academicYearId=` (default: the current term). */
export const TermQuery = z.object({ academicYearId: optionalId('学年学期格式不正确') }).loose()

/** `?academicYearId=&locked=1|0` (default 1: lock). */
export const LockQuery = z
  .object({
    academicYearId: optionalId('学年学期格式不正确'),
    locked: z.preprocess(
      (v) => (v === undefined || v === '' ? '1' : String(v)),
      z.enum(['0', '1'], { error: '锁定状态只能是0或1' }),
    ),
  })
  .loose()

/** A lab room a finding may be added for. */
export interface RoomOption {
  id: string
  label: string
}

function sheetCalls<B extends string>(base: B) {
  return {
    extractData: GET(`${base}/extractData`, { query: TermQuery, answer: answer<ExtractResult>() }),
    lockingData: GET(`${base}/lockingData`, { query: LockQuery, answer: answer<LockState>() }),
    lockStatus: GET(`${base}/lockStatus`, { query: TermQuery, answer: answer<LockState>() }),
  }
}

const course = resourceEndpoints(courseInspectionResource)
export const courseInspectionApi = {
  page: course.page,
  detail: course.detail,
  /** Records the findings of an extracted row (source columns are not writable). */
  submit: course.submit,
  ...sheetCalls('/api/quality/inspectioncourse'),
}

const room = resourceEndpoints(roomInspectionResource)
export const roomInspectionApi = {
  ...room,
  detail: GET('/api/quality/inspectionroom/detail', {
    query: z.object({ id: Id() }).loose(),
    answer: answer<RoomInspection>(),
  }),
  ...sheetCalls('/api/quality/inspectionroom'),
  /** Every lab room of the tenant (新增's picker). */
  roomOptions: GET('/api/quality/inspectionroom/roomOptions', { answer: answer<RoomOption[]>() }),
}

export const situationApi = {
  page: resourceEndpoints(situationResource).page,
  ...sheetCalls('/api/quality/inspectionsituation'),
}

/**
 * Tables of the quality area (质量检查, `/api/quality/*`; reports-portal.md 7): the three sheets of a
 * term and the lock of each sheet. Extraction matches rows by (term, course) and (term, room), so those
 * keys are unique among live rows.
 */
import { sql } from 'drizzle-orm'
import { index, integer, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { resourceTable } from '../../core/resource-table'
import { id, tenantTable } from '../columns'
import {
  courseInspectionResource,
  roomInspectionResource,
  situationResource,
} from '../../../shared/resources/quality/inspection'

const live = sql`is_deleted = 0`

/** 课程检查: one row per (term, course). */
export const qualityInspectionCourse = resourceTable(courseInspectionResource, {
  indexes: (c) => [
    uniqueIndex('quality_inspection_course_uq').on(c.tenantId, c.academicYearId, c.courseId).where(live),
  ],
})

/** 实验室检查: one row per (term, room). */
export const qualityInspectionRoom = resourceTable(roomInspectionResource, {
  indexes: (c) => [
    uniqueIndex('quality_inspection_room_uq').on(c.tenantId, c.academicYearId, c.roomId).where(live),
  ],
})

/** 检查情况: one row per (term, college) and the 全校 row `'*'`. */
export const qualityInspectionSituation = resourceTable(situationResource, {
  indexes: (c) => [
    uniqueIndex('quality_inspection_situation_uq')
      .on(c.tenantId, c.academicYearId, c.collegeSerialNum)
      .where(live),
  ],
})

/** Whether a term's sheet (`course`, `room`, `situation`) is locked, by whom and when. */
export const qualityLock = tenantTable(
  'quality_lock',
  {
    academicYearId: id('academic_year_id').notNull(),
    sheet: varchar('sheet', { length: 20 }).notNull(),
    locked: integer('locked').notNull().default(0),
    lockedBy: varchar('locked_by', { length: 50 }),
    lockedTime: timestamp('locked_time', { mode: 'date' }),
  },
  (t) => [
    uniqueIndex('quality_lock_uq').on(t.tenantId, t.academicYearId, t.sheet).where(live),
    index('quality_lock_term_idx').on(t.tenantId, t.academicYearId),
  ],
)

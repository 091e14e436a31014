/**
 * Tables of the schedule area (实验排课、冲突检测、课表、调课; teaching.md 4–7): 排课任务, 排课（批次） with
 * its teacher, room and class link rows, assigned students, the four collision tables of one shape and
 * 调课申请. Built on the plan lines, parameters and rooms of src/server/db/schema/teach.ts.
 */
import { sql } from 'drizzle-orm'
import { index, integer, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { resourceTable } from '../../core/resource-table'
import { id, tenantTable } from '../columns'
import { batchPlanResource } from '../../../shared/resources/schedule/batch-plan'
import { collisionResources } from '../../../shared/resources/schedule/collision'
import { adjustResource } from '../../../shared/resources/schedule/adjust'

const live = sql`is_deleted = 0`

/** 排课任务: one per approved plan line, made on first touch (status 0 待排 … 3 暂不排). */
export const teachNewBatchPlan = tenantTable(
  'teach_new_batch_plan',
  {
    academicYearId: id('academic_year_id').notNull(),
    coursePlanId: id('course_plan_id').notNull(),
    coursePlanProjectId: id('course_plan_project_id').notNull(),
    projectId: id('project_id').notNull(),
  },
  (t) => [
    uniqueIndex('teach_new_batch_plan_line_uq').on(t.tenantId, t.coursePlanProjectId).where(live),
    index('teach_new_batch_plan_term_idx').on(t.tenantId, t.academicYearId),
  ],
)

/** 排课（批次）. */
export const teachBatchPlan = resourceTable(batchPlanResource, {
  indexes: (c) => [
    index('teach_batch_plan_term_idx').on(c.tenantId, c.academicYearId, c.weekday),
    index('teach_batch_plan_line_idx').on(c.tenantId, c.coursePlanProjectId),
    index('teach_batch_plan_plan_idx').on(c.tenantId, c.coursePlanId),
  ],
})

/**
 * A link table of batch plans and one kind of party, with the batch's term and weekday copied so the
 * incremental check finds the plans sharing a party and weekday by index (teaching.md 4).
 */
function partyLinks(name: string, party: 'teacher_id' | 'room_id' | 'class_no') {
  return tenantTable(
    name,
    {
      batchPlanId: id('batch_plan_id').notNull(),
      academicYearId: id('academic_year_id').notNull(),
      weekday: integer('weekday').notNull(),
      party: varchar(party, { length: 64 }).notNull(),
    },
    (t) => [
      uniqueIndex(`${name}_uq`).on(t.tenantId, t.batchPlanId, t.party),
      index(`${name}_party_idx`).on(t.tenantId, t.academicYearId, t.party, t.weekday),
    ],
  )
}

export const teachBatchPlanTeacher = partyLinks('teach_batch_plan_teacher', 'teacher_id')
export const teachBatchPlanRoom = partyLinks('teach_batch_plan_room', 'room_id')
export const teachBatchPlanClass = partyLinks('teach_batch_plan_class', 'class_no')

/**
 * 分配学生. A student is in at most one batch number of a plan line (teaching.md 4), checked by the
 * writes: an approved adjustment's split copy keeps the batch number and the students.
 */
export const teachBatchAssStudent = tenantTable(
  'teach_batch_ass_student',
  {
    batchPlanId: id('batch_plan_id').notNull(),
    coursePlanProjectId: id('course_plan_project_id').notNull(),
    academicYearId: id('academic_year_id').notNull(),
    weekday: integer('weekday').notNull(),
    studentNo: varchar('student_no', { length: 30 }).notNull(),
    classNo: varchar('class_no', { length: 30 }),
  },
  (t) => [
    uniqueIndex('teach_batch_ass_student_uq').on(t.tenantId, t.batchPlanId, t.studentNo),
    index('teach_batch_ass_student_line_idx').on(t.tenantId, t.coursePlanProjectId, t.studentNo),
    index('teach_batch_ass_student_party_idx').on(t.tenantId, t.academicYearId, t.studentNo, t.weekday),
  ],
)

/** The four collision tables: one live row per natural key (party, both batches). */
function collisionTable<D extends (typeof collisionResources)[keyof typeof collisionResources]>(def: D) {
  return resourceTable(def, {
    indexes: (c) => [
      uniqueIndex(`${def.table}_key_uq`)
        .on(c.tenantId, c.partyKey, c.batchPlanId, c.otherBatchPlanId)
        .where(live),
      index(`${def.table}_term_idx`).on(c.tenantId, c.academicYearId, c.status),
      index(`${def.table}_a_idx`).on(c.tenantId, c.batchPlanId),
      index(`${def.table}_b_idx`).on(c.tenantId, c.otherBatchPlanId),
    ],
  })
}

export const teachTeacherCollision = collisionTable(collisionResources.teacher)
export const teachAddressCollision = collisionTable(collisionResources.room)
export const teachClassCollision = collisionTable(collisionResources.class)
export const teachStudentCollision = collisionTable(collisionResources.student)

/** 调课申请. */
export const teachBatchPlanAdjust = resourceTable(adjustResource, {
  indexes: (c) => [
    index('teach_batch_plan_adjust_plan_idx').on(c.tenantId, c.batchPlanId),
    index('teach_batch_plan_adjust_user_idx').on(c.tenantId, c.createUser),
  ],
})

export type BatchPlanRow = typeof teachBatchPlan.$inferSelect
export type AdjustRow = typeof teachBatchPlanAdjust.$inferSelect

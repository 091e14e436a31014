/**
 * Tables of the teach area (教学设置、实验项目、课程与课程计划; domain teaching.md sections 1–3).
 * Scheduling (src/server/db/schema/schedule.ts) builds on the plan lines, parameters and rooms here.
 */
import { sql } from 'drizzle-orm'
import { index, integer, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { resourceTable } from '../../core/resource-table'
import { id, tenantTable } from '../columns'
import { teachParameterResource } from '../../../shared/resources/teach/parameter'
import { teachParameterTimeResource } from '../../../shared/resources/teach/parameter-time'
import { teachTimeNodeResource } from '../../../shared/resources/teach/time-node'
import { teachClassroomResource } from '../../../shared/resources/teach/classroom'
import { teachProjectResource } from '../../../shared/resources/teach/project'
import { teachCourseResource } from '../../../shared/resources/teach/course'
import { teachCoursePlanResource } from '../../../shared/resources/teach/course-plan'
import { teachCoursePlanImportResource } from '../../../shared/resources/teach/course-plan-import'

const live = sql`is_deleted = 0`

/** 教学参数: one live row per term. */
export const teachParameter = resourceTable(teachParameterResource, {
  indexes: (c) => [uniqueIndex('teach_parameter_term_uq').on(c.tenantId, c.academicYearId).where(live)],
})

/** 作息时间: one live row per (term, 节次). */
export const teachParameterTime = resourceTable(teachParameterTimeResource, {
  indexes: (c) => [
    uniqueIndex('teach_parameter_time_section_uq').on(c.tenantId, c.academicYearId, c.section).where(live),
  ],
})

/** 时间节点: one per (term, week, weekday, section); regenerated in place. */
export const teachTimeNode = resourceTable(teachTimeNodeResource, {
  indexes: (c) => [
    uniqueIndex('teach_time_node_key_uq')
      .on(c.tenantId, c.academicYearId, c.week, c.weekday, c.section)
      .where(live),
  ],
})

/** 排课教室: a lab room at most once. */
export const teachClassroom = resourceTable(teachClassroomResource, {
  indexes: (c) => [uniqueIndex('teach_classroom_room_uq').on(c.tenantId, c.roomId).where(live)],
})

/**
 * 实验项目. `number_body` (实验编号 without "*") is unique over every row the tenant ever had,
 * soft-deleted ones included, so a number is never issued twice (domain 2.1).
 */
export const teachProject = resourceTable(teachProjectResource, {
  indexes: (c) => [
    uniqueIndex('teach_project_number_body_uq').on(c.tenantId, c.numberBody),
    index('teach_project_lab_idx').on(c.tenantId, c.labId),
  ],
})

/** The number sequence of each lab serial: advanced atomically, never rolled back (domain 2.1). */
export const teachProjectNumberSeq = tenantTable(
  'teach_project_number_seq',
  {
    labSerial: varchar('lab_serial', { length: 10 }).notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [uniqueIndex('teach_project_number_seq_uq').on(t.tenantId, t.labSerial)],
)

/** 实验课程: 课程号 unique among live rows. */
export const teachCourse = resourceTable(teachCourseResource, {
  indexes: (c) => [uniqueIndex('teach_course_number_uq').on(c.tenantId, c.courseNumber).where(live)],
})

/** 课程关联项目: a project at most once per course. */
export const teachCourseAssProject = tenantTable(
  'teach_course_ass_project',
  {
    courseId: id('course_id').notNull(),
    projectId: id('project_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('teach_course_ass_project_uq').on(t.tenantId, t.courseId, t.projectId),
    index('teach_course_ass_project_project_idx').on(t.tenantId, t.projectId),
  ],
)

/**
 * 课程计划. Among plans not 已撤销 one per (term, course, teacher, sorted classes); `class_key` is the
 * sorted class list the server writes.
 */
export const teachCoursePlan = resourceTable(teachCoursePlanResource, {
  indexes: (c) => [
    uniqueIndex('teach_course_plan_key_uq')
      .on(c.tenantId, c.academicYearId, c.courseId, c.teacherId, c.classKey)
      .where(sql`is_deleted = 0 and status <> 4`),
    index('teach_course_plan_term_idx').on(c.tenantId, c.academicYearId, c.status),
    index('teach_course_plan_teacher_idx').on(c.tenantId, c.teacherUserId),
  ],
})

/**
 * 计划项目: the lines of a plan (a project of its course, hours, weeks). Lines keep their ids across
 * edits (scheduling's batch plans point at them); a dropped line is deleted.
 */
export const teachCoursePlanProject = tenantTable(
  'teach_course_plan_project',
  {
    coursePlanId: id('course_plan_id').notNull(),
    projectId: id('project_id').notNull(),
    hours: integer('hours').notNull(),
    groupSize: integer('group_size'),
    requirement: integer('requirement'),
    planWeeks: varchar('plan_weeks', { length: 100 }),
    content: varchar('content', { length: 500 }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('teach_course_plan_project_uq').on(t.tenantId, t.coursePlanId, t.projectId),
    index('teach_course_plan_project_project_idx').on(t.tenantId, t.projectId),
  ],
)

/** 计划导入: the raw 教务 rows by import batch, each linked to the draft plan it made. */
export const teachCoursePlanImport = resourceTable(teachCoursePlanImportResource, {
  indexes: (c) => [
    index('teach_course_plan_import_batch_idx').on(c.tenantId, c.importBatch),
    index('teach_course_plan_import_plan_idx').on(c.tenantId, c.coursePlanId),
  ],
})

export type TeachProjectRow = typeof teachProject.$inferSelect
export type TeachCoursePlanRow = typeof teachCoursePlan.$inferSelect
export type TeachCoursePlanProjectRow = typeof teachCoursePlanProject.$inferSelect
export type TeachParameterRow = typeof teachParameter.$inferSelect

/** Tables of the competition area (竞赛管理, `/api/competition/*`, domain notes A). */
import { sql } from 'drizzle-orm'
import { index, integer, numeric, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { resourceTable } from '../../core/resource-table'
import { id, tenantTable } from '../columns'
import {
  competitionAddressResource,
  competitionApplyResource,
  competitionAppointmentResource,
  competitionCampusResource,
  competitionFinalResource,
  competitionFinalResultResource,
  competitionParameterResource,
  competitionPreliminaryResource,
  competitionPreliminaryResultResource,
} from '../../../shared/resources/competition'

const live = sql`is_deleted = 0`

export const competitionParameter = resourceTable(competitionParameterResource, {
  indexes: (c) => [uniqueIndex('competition_parameter_year_uq').on(c.tenantId, c.academicYear).where(live)],
})

export const competitionAddress = resourceTable(competitionAddressResource, {
  indexes: (c) => [uniqueIndex('competition_address_name_uq').on(c.tenantId, c.addressName).where(live)],
})

export const competitionCampus = resourceTable(competitionCampusResource, {
  indexes: (c) => [
    uniqueIndex('competition_campus_year_dept_uq').on(c.tenantId, c.academicYear, c.deptSerial).where(live),
  ],
})

export const competitionApply = resourceTable(competitionApplyResource, {
  indexes: (c) => [
    index('competition_apply_year_status_idx').on(c.tenantId, c.academicYear, c.status),
    uniqueIndex('competition_apply_no_uq').on(c.tenantId, c.applyNo),
  ],
})

/** 申报编号 counters: one per tenant and 学年, advanced by `update … returning` (never reused). */
export const competitionApplySeq = tenantTable(
  'competition_apply_seq',
  {
    academicYear: varchar('academic_year', { length: 9 }).notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [uniqueIndex('competition_apply_seq_year_uq').on(t.tenantId, t.academicYear)],
)

/** 评审评分 (A.4): one score per reviewer and application. */
export const competitionApplyScore = tenantTable(
  'competition_project_apply_score',
  {
    applyId: id('apply_id').notNull(),
    reviewerUserId: id('reviewer_user_id').notNull(),
    reviewerName: varchar('reviewer_name', { length: 50 }),
    score: numeric('score', { precision: 5, scale: 1 }).notNull(),
    comment: varchar('comment', { length: 500 }),
    scoreTime: timestamp('score_time', { mode: 'date' }),
  },
  (t) => [uniqueIndex('competition_apply_score_uq').on(t.tenantId, t.applyId, t.reviewerUserId).where(live)],
)

export const competitionAppointment = resourceTable(competitionAppointmentResource, {
  indexes: (c) => [
    index('competition_appointment_project_idx').on(c.tenantId, c.projectId),
    uniqueIndex('competition_appointment_team_uq')
      .on(c.tenantId, c.projectId, c.teamName)
      .where(sql`is_deleted = 0 and entry_type = 2`),
  ],
})

/** 报名成员 (A.5): one live row per student and project, whoever's entry it is. */
export const competitionAppointmentMember = tenantTable(
  'competition_project_appointment_member',
  {
    appointmentId: id('appointment_id').notNull(),
    projectId: id('project_id').notNull(),
    academicYear: varchar('academic_year', { length: 9 }).notNull(),
    studentNo: varchar('student_no', { length: 30 }).notNull(),
    studentName: varchar('student_name', { length: 50 }),
    classNo: varchar('class_no', { length: 30 }),
    deptSerial: varchar('dept_serial', { length: 20 }),
    majorSerial: varchar('major_serial', { length: 20 }),
    grade: varchar('grade', { length: 4 }),
    userId: id('user_id'),
    isLeader: integer('is_leader').notNull().default(0),
  },
  (t) => [
    uniqueIndex('competition_member_project_student_uq').on(t.tenantId, t.projectId, t.studentNo).where(live),
    index('competition_member_student_idx').on(t.tenantId, t.studentNo, t.projectId),
    index('competition_member_year_student_idx').on(t.tenantId, t.academicYear, t.studentNo),
    index('competition_member_appointment_idx').on(t.tenantId, t.appointmentId),
  ],
)

export const competitionPreliminary = resourceTable(competitionPreliminaryResource, {
  indexes: (c) => [uniqueIndex('competition_preliminary_project_uq').on(c.tenantId, c.projectId).where(live)],
})

export const competitionPreliminaryResult = resourceTable(competitionPreliminaryResultResource, {
  indexes: (c) => [
    uniqueIndex('competition_preliminary_result_uq')
      .on(c.tenantId, c.preliminaryId, c.appointmentId)
      .where(live),
    index('competition_preliminary_result_project_idx').on(c.tenantId, c.projectId),
  ],
})

export const competitionFinal = resourceTable(competitionFinalResource, {
  indexes: (c) => [
    uniqueIndex('competition_final_project_level_uq').on(c.tenantId, c.projectId, c.finalLevel).where(live),
  ],
})

export const competitionFinalResult = resourceTable(competitionFinalResultResource, {
  indexes: (c) => [
    uniqueIndex('competition_final_result_uq').on(c.tenantId, c.finalId, c.appointmentId).where(live),
    index('competition_final_result_stat_idx').on(c.tenantId, c.academicYear, c.status, c.award),
    index('competition_final_result_final_idx').on(c.tenantId, c.finalId),
  ],
})

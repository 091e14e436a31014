/** Tables of the safety area (安全学习与考试, `/api/safetyexam/*`, `/api/safetyExam/*`; domain notes B). */
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, numeric, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { resourceTable } from '../../core/resource-table'
import { id, tenantColumn, tenantTable } from '../columns'
import {
  courseResource,
  homeParamResource,
  knowledgeResource,
  labelResource,
  manualResource,
  noticeResource,
  studyRecordResource,
} from '../../../shared/resources/safety/learning'
import { categoryResource, paperResource, questionResource } from '../../../shared/resources/safety/bank'
import {
  planPersonResource,
  planResource,
  planScopeResource,
  scoreResource,
  statisticsResource,
} from '../../../shared/resources/safety/exam'

const live = sql`is_deleted = 0`

export const safetyLabel = resourceTable(labelResource)
export const safetyCourse = resourceTable(courseResource)
export const safetyManual = resourceTable(manualResource)
export const safetyKnowledge = resourceTable(knowledgeResource)
export const safetyNotice = resourceTable(noticeResource)
export const safetyHomeParam = resourceTable(homeParamResource)

export const safetyStudyRecord = resourceTable(studyRecordResource, {
  indexes: (c) => [
    uniqueIndex('safety_study_record_uq').on(c.tenantId, c.userId, c.resourceType, c.resourceId).where(live),
    index('safety_study_record_user_idx').on(c.tenantId, c.userId, c.lastTime),
  ],
})

export const safetyCategory = resourceTable(categoryResource, {
  indexes: (c) => [index('safety_category_parent_idx').on(c.tenantId, c.parentId)],
})

export const safetyQuestion = resourceTable(questionResource, {
  indexes: (c) => [
    uniqueIndex('safety_question_stem_uq').on(c.tenantId, c.questionType, c.stemKey).where(live),
    index('safety_question_pool_idx').on(c.tenantId, c.categoryId, c.questionType, c.status),
  ],
})

export const safetyPaper = resourceTable(paperResource)

/** The questions of a fixed paper (mode 1), in order. */
export const safetyPaperQuestion = tenantTable(
  'safety_exam_paper_question',
  {
    paperId: id('paper_id').notNull(),
    questionId: id('question_id').notNull(),
    questionType: integer('question_type').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('safety_paper_question_paper_idx').on(t.tenantId, t.paperId, t.sort)],
)

export const safetyPlan = resourceTable(planResource, {
  indexes: (c) => [
    index('safety_plan_status_idx').on(c.tenantId, c.status),
    index('safety_plan_parent_idx').on(c.tenantId, c.parentPlanId),
  ],
})

export const safetyPlanScope = resourceTable(planScopeResource, {
  indexes: (c) => [
    uniqueIndex('safety_plan_scope_uq')
      .on(
        c.tenantId,
        c.planId,
        c.userType,
        c.deptSerial,
        sql`coalesce(major_serial, '')`,
        sql`coalesce(grade, '')`,
        sql`coalesce(class_no, '')`,
      )
      .where(live),
  ],
})

export const safetyPlanPerson = resourceTable(planPersonResource, {
  indexes: (c) => [
    uniqueIndex('safety_plan_person_uq').on(c.tenantId, c.planId, c.userId).where(live),
    index('safety_plan_person_user_idx').on(c.tenantId, c.userId),
  ],
})

/** 答卷: one attempt of one candidate, with the snapshot of its questions (keys included: server only). */
export const safetyPaperPerson = tenantTable(
  'safety_exam_ques_bank_paper_person',
  {
    planId: id('plan_id').notNull(),
    personId: id('person_id').notNull(),
    userId: id('user_id').notNull(),
    paperId: id('paper_id').notNull(),
    questions: jsonb('questions').notNull(),
    answers: jsonb('answers').notNull().default({}),
    version: integer('version').notNull().default(0),
    /** Fixed at the start from the paper and the plan: scoring never reads them again. */
    multiplePartial: integer('multiple_partial').notNull().default(0),
    totalScore: numeric('total_score', { precision: 6, scale: 1 }).notNull(),
    passScore: numeric('pass_score', { precision: 6, scale: 1 }).notNull(),
    startTime: timestamp('start_time', { mode: 'date' }).notNull(),
    deadline: timestamp('deadline', { mode: 'date' }).notNull(),
    submitTime: timestamp('submit_time', { mode: 'date' }),
    submitType: integer('submit_type'),
    /** 1 答题中 2 已交卷 live in the audit `status` column. */
    score: numeric('score', { precision: 6, scale: 1 }),
    correctCount: integer('correct_count'),
    blurCount: integer('blur_count').notNull().default(0),
    lastSaveTime: timestamp('last_save_time', { mode: 'date' }),
  },
  (t) => [
    uniqueIndex('safety_paper_person_uq').on(t.tenantId, t.planId, t.userId).where(live),
    index('safety_paper_person_sweep_idx')
      .on(t.deadline)
      .where(sql`status = 1 and is_deleted = 0`),
  ],
)

export const safetyScore = resourceTable(scoreResource, {
  indexes: (c) => [
    uniqueIndex('safety_score_uq').on(c.tenantId, c.planId, c.userId).where(live),
    uniqueIndex('safety_score_cert_uq')
      .on(c.tenantId, c.certificateNo)
      .where(sql`certificate_no is not null`),
    index('safety_score_user_idx').on(c.tenantId, c.userId),
    index('safety_score_root_idx').on(c.tenantId, c.rootPlanId),
  ],
})

export const safetyStatistics = resourceTable(statisticsResource, {
  indexes: (c) => [uniqueIndex('safety_statistics_uq').on(c.tenantId, c.planId, c.deptSerial).where(live)],
})

/** Certificate numbers: one counter per tenant and year (`update … returning`). */
export const safetyCertSeq = pgTable(
  'safety_exam_cert_seq',
  {
    tenantId: tenantColumn(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [uniqueIndex('safety_cert_seq_uq').on(t.tenantId, t.year)],
)

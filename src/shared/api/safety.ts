import { z } from 'zod'
import { categoryResource, paperResource, questionResource } from '../resources/safety/bank'
import {
  planPersonResource,
  planResource,
  planScopeResource,
  scoreResource,
  statisticsResource,
} from '../resources/safety/exam'
import {
  courseResource,
  homeParamResource,
  knowledgeResource,
  labelResource,
  manualResource,
  noticeResource,
  studyRecordResource,
} from '../resources/safety/learning'
import { AnyBody, BladeQuery, Id, IdQuery, IdsBody, IdsQuery } from './common'
import { answer, GET, POST } from './endpoint'
import type { Page } from './envelope'
import { resourceEndpoints, type RowOf } from './resource'

/** `/api/safetyexam/*` and `/api/safetyExam/*` (安全学习与考试, domain notes B). */

export type Label = RowOf<typeof labelResource>
export type Course = RowOf<typeof courseResource>
export type Manual = RowOf<typeof manualResource>
export type Knowledge = RowOf<typeof knowledgeResource>
export type ExamNotice = RowOf<typeof noticeResource>
export type StudyRecord = RowOf<typeof studyRecordResource>
export type HomeParam = RowOf<typeof homeParamResource>
export type Category = RowOf<typeof categoryResource>
export type Question = RowOf<typeof questionResource> & { categoryName?: string }
export type Paper = RowOf<typeof paperResource>
export type Plan = RowOf<typeof planResource>
export type PlanScope = RowOf<typeof planScopeResource> & { matchCount?: number }
export type PlanPerson = RowOf<typeof planPersonResource>
export type Score = RowOf<typeof scoreResource> & { certificateState?: string; qrText?: string | null }
export type Statistics = RowOf<typeof statisticsResource>

const S = '/api/safetyexam'

const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于${min}`)
    .max(max, `${label}不能大于${max}`)

const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0))

const PlanIdQuery = z.object({ planId: Id('请选择考试计划') }).loose()
const PlanIdBody = z.object({ planId: Id('请选择考试计划') })

// ---- learning ----

export interface StudySummary {
  /** floor(Σ studySeconds / 60) over every record of the caller. */
  minutes: number
  finishedCourses: number
  courseCount: number
  records: {
    resourceType: number
    resourceId: string
    resourceTitle: string
    studySeconds: number
    finished: number
  }[]
}

export const StudyHeartbeat = z.object({
  resourceType: int('资源类型', 1, 3),
  /** Absent (with `seconds: 0`): only read the caller's summary (我的学习). */
  resourceId: Id('请选择学习内容').optional(),
  seconds: int('学习时长', 0, 3600),
})

export interface HeartbeatAnswer {
  credited: number
  studySeconds: number
  finished: number
  mine: StudySummary
}

export const safetyLearningApi = {
  label: {
    ...resourceEndpoints(labelResource),
    getDictionaryLabel: GET(`${S}/safetyexamlabel/getDictionaryLabel`, {
      answer: answer<{ dictKey: string; dictValue: string; color: string | null }[]>(),
    }),
  },
  course: resourceEndpoints(courseResource),
  manual: resourceEndpoints(manualResource),
  knowledge: {
    ...resourceEndpoints(knowledgeResource),
    copy: POST(`${S}/safetyknowledge/copy`, { query: IdQuery, answer: answer<{ id: string }>() }),
  },
  notice: {
    ...resourceEndpoints(noticeResource),
    copy: POST(`${S}/safetyexamnotice/copy`, { query: IdQuery, answer: answer<{ id: string }>() }),
    select: GET(`${S}/safetyexamnotice/select`, { answer: answer<{ id: string; title: string }[]>() }),
  },
  studyRecord: {
    ...resourceEndpoints(studyRecordResource),
    /** The reader's heartbeat (`seconds: 0` only reads the caller's summary). */
    submit: POST(`${S}/safetyexamstudyrecord/submit`, {
      body: StudyHeartbeat,
      answer: answer<HeartbeatAnswer>(),
    }),
  },
  homeParam: resourceEndpoints(homeParamResource),
}

// ---- bank ----

export interface CategoryNode {
  id: string
  title: string
  parentId: string
  children?: CategoryNode[]
}

export const GenerationQuery = z
  .object({
    categoryProportionArray: z
      .string({ error: '请设置分类比例' })
      .min(2, '请设置分类比例')
      .max(4000, '分类比例过长'),
    singleCount: int('单选题数', 0, 200).default(0),
    multipleCount: int('多选题数', 0, 200).default(0),
    judgeCount: int('判断题数', 0, 200).default(0),
    labelIds: z.string().max(2000).optional(),
  })
  .loose()

/** A generated question as staff see it (keys included: 按比例组卷 is a bank screen). */
export interface GeneratedQuestion {
  id: string
  questionType: number
  categoryId: string
  categoryName: string
  stem: string
  options: { key: string; text: string }[]
  answer: string
  difficulty: number
}

export interface Quota {
  categoryId: string
  categoryName: string
  questionType: number
  need: number
  have: number
}

export interface PaperDetail extends Paper {
  questions: GeneratedQuestion[]
  proportions: { categoryId: string; categoryName: string; proportion: number }[]
}

export const ImportQuestionsBody = z.object({
  questions: z
    .array(z.record(z.string(), z.unknown()), { error: '请选择要导入的题目' })
    .min(1, '导入文件没有数据')
    .max(5000, '一次最多导入5000道题目'),
})

export const safetyBankApi = {
  category: {
    ...resourceEndpoints(categoryResource),
    tree: GET(`${S}/safetyexamquesbankcategory/tree`, { answer: answer<CategoryNode[]>() }),
  },
  question: {
    ...resourceEndpoints(questionResource),
    fixedExamQuestionGeneration: POST(`${S}/safetyexamquestionbank/fixedExamQuestionGeneration`, {
      query: GenerationQuery,
      answer: answer<{ questions: GeneratedQuestion[]; quotas: Quota[] }>(),
    }),
    saveImportQuestions: POST(`${S}/safetyexamquestionbank/saveImportQuestions`, {
      body: ImportQuestionsBody,
      answer: answer<{ count: number }>(),
    }),
    pageExport: GET(`${S}/safetyexamquestionbank/page-export`, { query: BladeQuery, file: true }),
  },
  paper: {
    ...resourceEndpoints(paperResource),
    detail: GET(`${S}/safetyexampaper/detail`, { query: IdQuery, answer: answer<PaperDetail>() }),
    select: GET(`${S}/safetyexampaper/select`, {
      answer: answer<{ id: string; paperName: string; totalScore: number }[]>(),
    }),
  },
}

// ---- plans and candidates ----

export interface PlanView extends Plan {
  paperName?: string
  totalScore?: number
  phase?: string
  /** Candidate view (在线考试). */
  myStatus?: number
  myScore?: number | null
  myPassed?: number | null
  canStart?: boolean
  reason?: string | null
  paperPersonId?: string | null
  noticeTitle?: string | null
  counts?: { candidates: number; submitted: number; inProgress: number; absent: number }
}

export interface PublishAnswer {
  published: number
  candidates: number
  skippedNoAccount: number
}

export const PlanPersonRemoveBody = z.object({
  planId: Id('请选择考试计划'),
  ids: IdsBody.shape.ids,
})

export const safetyPlanApi = {
  plan: {
    ...resourceEndpoints(planResource),
    page: GET(`${S}/safetyexamplan/page`, { query: BladeQuery, answer: answer<Page<PlanView>>() }),
    detail: GET(`${S}/safetyexamplan/detail`, { query: IdQuery, answer: answer<PlanView>() }),
    select: GET(`${S}/safetyexamplan/select`, {
      answer: answer<{ id: string; planName: string; status: number }[]>(),
    }),
    copy: POST(`${S}/safetyexamplan/copy`, { query: IdQuery, answer: answer<{ id: string }>() }),
    publish: POST(`${S}/safetyexamplan/publish`, { query: IdsQuery, answer: answer<PublishAnswer>() }),
    handleApplyFor: POST(`${S}/safetyexamplan/handleApplyFor`, {
      body: AnyBody,
      answer: answer<{ id: string }>(),
    }),
    handleReApplyFor: POST(`${S}/safetyexamplan/handleReApplyFor`, {
      body: AnyBody,
      answer: answer<{ id: string }>(),
    }),
    getPaperQuestionsByUserUniapp: GET(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, {
      query: PlanIdQuery,
      answer: answer<ExamPaper>(),
    }),
  },
  scope: {
    ...resourceEndpoints(planScopeResource),
    list: GET(`${S}/safetyexamplanscope/list`, { query: BladeQuery, answer: answer<PlanScope[]>() }),
  },
  person: {
    deptPages: GET('/api/safetyExam/safetyexamplanperson/deptPages', {
      query: BladeQuery,
      answer: answer<Page<PlanPerson>>(),
    }),
    remove: POST('/api/safetyExam/safetyexamplanperson/remove', {
      body: PlanPersonRemoveBody,
      answer: answer<Record<string, never>>(),
    }),
    exportPerson: GET('/api/safetyExam/safetyexamplanperson/exportPerson', {
      query: PlanIdQuery,
      file: true,
    }),
  },
}

// ---- taking an exam ----

/** A question as a candidate sees it before hand-in: no key, no analysis. */
export interface ExamQuestion {
  qid: string
  no: number
  type: number
  stem: string
  imageIds: string | null
  options: { key: string; text: string }[]
  score: number
}

export interface ExamPaper {
  paperPersonId: string
  planId: string
  planName: string
  totalScore: number
  passScore: number
  questionCount: number
  startTime: string
  deadline: string
  serverNow: string
  remainingSeconds: number
  version: number
  answers: Record<string, string>
  blurCount: number
  questions: ExamQuestion[]
}

export const AnswersBody = z.record(
  z.string().regex(/^\d{1,19}$/, '答案格式不正确'),
  z.string().max(6, '答案格式不正确'),
)

export const PaperSubmitBody = z.object({
  id: Id('请选择答卷'),
  answers: AnswersBody.default({}),
  version: int('版本', 0, 1_000_000),
  final: flag.default(0),
  blurCount: int('切屏次数', 0, 100_000).default(0),
})

export interface PaperSubmitAnswer {
  version: number
  stale?: boolean
  status: number
  submitTime?: string | null
  score?: number | null
  passed?: number | null
  serverNow: string
}

/** An answer sheet after hand-in (staff, or the candidate when the plan allows). */
export interface SheetQuestion extends ExamQuestion {
  key: string | null
  analysis: string | null
  /** The candidate's own answer. */
  myAnswer: string | null
  earned: number | null
}

export interface AnswerSheet {
  id: string
  planId: string
  planName: string
  userName: string
  userCode: string
  deptName: string
  status: number
  startTime: string
  deadline: string
  submitTime: string | null
  submitType: number | null
  score: number | null
  totalScore: number
  passScore: number
  passed: number | null
  blurCount: number
  showKeys: boolean
  questions: SheetQuestion[]
}

export const safetyExamApi = {
  paperPerson: {
    page: GET(`${S}/safetyexamquesbankpaperperson/page`, {
      query: BladeQuery,
      answer: answer<Page<Record<string, unknown>>>(),
    }),
    list: GET(`${S}/safetyexamquesbankpaperperson/list`, {
      query: BladeQuery,
      answer: answer<Record<string, unknown>[]>(),
    }),
    detail: GET(`${S}/safetyexamquesbankpaperperson/detail`, {
      query: IdQuery,
      answer: answer<AnswerSheet>(),
    }),
    submit: POST(`${S}/safetyexamquesbankpaperperson/submit`, {
      body: PaperSubmitBody,
      answer: answer<PaperSubmitAnswer>(),
    }),
    remove: POST(`${S}/safetyexamquesbankpaperperson/remove`, {
      query: IdsQuery,
      answer: answer<Record<string, never>>(),
    }),
  },
}

// ---- results ----

export const RESULT_COLUMNS = {
  userCode: '学号/工号',
  userName: '姓名',
  userType: '人员类型',
  deptName: '院系',
  className: '班级',
  planName: '考试名称',
  examType: '考试类型',
  score: '成绩',
  passed: '是否通过',
  startTime: '开始时间',
  submitTime: '交卷时间',
  usedMinutes: '用时（分钟）',
  submitType: '交卷方式',
  certificateNo: '证书编号',
  validUntil: '证书有效期至',
} as const
export type ResultColumn = keyof typeof RESULT_COLUMNS

export const ResultExportQuery = z
  .object({
    examPlanId: Id('请选择考试计划'),
    userType: z.coerce
      .number()
      .int()
      .min(1)
      .max(2)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    deptId: Id('院系格式不正确')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    checkedItems: z.string().max(500).optional(),
  })
  .loose()

export const ResultExportTaskQuery = ResultExportQuery.extend({
  checkExportType: z.coerce
    .number({ error: '请选择导出类型' })
    .int()
    .min(1, '导出类型不正确')
    .max(3, '导出类型不正确')
    .default(1),
})

export interface CollectAnswer {
  finalised: number
  attended: number
  absent: number
  passed: number
  failed: number
}

export interface QrDetail {
  certificateNo: string
  userName: string
  userCode: string
  deptName: string
  planName: string
  issueDate: string
  validUntil: string | null
  state: string
  issuer: string
}

export interface DownloadTaskAnswer {
  id: string
  bizId: string
  taskName: string
  status: number
}

export const safetyResultApi = {
  score: {
    page: GET(`${S}/safetyexamscore/page`, { query: BladeQuery, answer: answer<Page<Score>>() }),
    unEnterForPage: GET(`${S}/safetyexamscore/unEnterForPage`, {
      query: BladeQuery,
      answer: answer<Page<PlanPerson>>(),
    }),
    collectExamData: POST(`${S}/safetyexamscore/collectExamData`, {
      body: PlanIdBody,
      answer: answer<CollectAnswer>(),
    }),
    automaticGenerationResit: POST(`${S}/safetyexamscore/automaticGenerationResit`, {
      body: PlanIdBody.extend({ includeAbsent: flag.default(1) }),
      answer: answer<{ id: string; planName: string; candidates: number }>(),
    }),
    downloadCCie: POST(`${S}/safetyexamscore/downloadCCie`, { body: IdsBody, file: true }),
    qrCodeDetail: GET(`${S}/safetyexamscore/qrCodeDetail`, {
      query: z
        .object({
          id: Id('证书不存在或信息不匹配'),
          userCode: z.string().min(1, '证书不存在或信息不匹配').max(30),
        })
        .loose(),
      answer: answer<QrDetail>(),
    }),
    resultExport: GET(`${S}/safetyexamscore/resultExport`, { query: ResultExportQuery, file: true }),
    resultExportTask: GET(`${S}/safetyexamscore/resultExportTask`, {
      query: ResultExportTaskQuery,
      answer: answer<DownloadTaskAnswer>(),
    }),
  },
  statistics: {
    page: GET(`${S}/safetyexamstatistics/page`, { query: BladeQuery, answer: answer<Page<Statistics>>() }),
    list: GET(`${S}/safetyexamstatistics/list`, { query: BladeQuery, answer: answer<Statistics[]>() }),
    detail: GET(`${S}/safetyexamstatistics/detail`, { query: IdQuery, answer: answer<Statistics>() }),
    submit: POST(`${S}/safetyexamstatistics/submit`, {
      body: PlanIdBody,
      answer: answer<{ rows: number }>(),
    }),
    remove: POST(`${S}/safetyexamstatistics/remove`, {
      query: IdsQuery,
      answer: answer<Record<string, never>>(),
    }),
  },
}

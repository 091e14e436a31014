import type { ComponentType } from 'react'
import type { ScreenEntry } from '../routes/registry'

const learning = () => import('./LearningPages')
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ default: m[name] }))

/** The screens of the area by menu path (and the 考试计划审核 process pages), merged into the route registry. */
export const safetyScreens: Record<string, ScreenEntry> = {
  '/safety/study': { kind: 'component', load: () => import('./StudyPortal') },
  '/safety/myExam': { kind: 'component', load: () => import('./MyExamPage') },
  '/safety/myScore': { kind: 'component', load: () => import('./MyScorePage') },
  '/safety/course': { kind: 'component', load: page(learning, 'CoursePage') },
  '/safety/manual': { kind: 'component', load: page(learning, 'ManualPage') },
  '/safety/knowledge': { kind: 'component', load: page(learning, 'KnowledgePage') },
  '/safety/studyrecord': { kind: 'component', load: page(learning, 'StudyRecordPage') },
  '/safety/label': { kind: 'component', load: page(learning, 'LabelPage') },
  '/safety/homeparam': { kind: 'component', load: () => import('./HomeParamPage') },
  '/safety/quesbankcategory': { kind: 'component', load: page(learning, 'CategoryPage') },
  '/safety/questionbank': { kind: 'component', load: () => import('./QuestionBankPage') },
  '/safety/paper': { kind: 'component', load: () => import('./PaperPage') },
  '/safety/notice': { kind: 'component', load: page(learning, 'NoticePage') },
  '/safety/plan': { kind: 'component', load: () => import('./PlanPage') },
  '/safety/planperson': { kind: 'component', load: () => import('./CandidatePage') },
  '/safety/score': { kind: 'component', load: () => import('./ScorePage') },
  '/safety/statistics': { kind: 'component', load: () => import('./StatisticsPage') },
  '/work/process/exam/handle/:taskId/:processInstanceId/:businessId': {
    kind: 'component',
    title: { zh: '考试计划审核', en: 'Exam plan approval' },
    load: () => import('./ExamProcessPages').then((m) => ({ default: m.ExamHandlePage })),
  },
  '/work/process/exam/handle/:taskId/:processInstanceId/:businessId/:processDefinitionId/:businessTable': {
    kind: 'component',
    title: { zh: '考试计划审核', en: 'Exam plan approval' },
    load: () => import('./ExamProcessPages').then((m) => ({ default: m.ExamHandlePage })),
  },
  '/work/process/exam/detail/:processInstanceId/:businessId': {
    kind: 'component',
    title: { zh: '考试计划详情', en: 'Exam plan details' },
    load: () => import('./ExamProcessPages').then((m) => ({ default: m.ExamDetailPage })),
  },
}

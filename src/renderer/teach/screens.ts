import type { ScreenEntry } from '../routes/registry'
import { teachClassroomResource } from '../../shared/resources/teach/classroom'
import { teachCoursePlanImportResource } from '../../shared/resources/teach/course-plan-import'

const PLAN_HANDLE = { zh: '课程计划审核', en: 'Course plan approval' }

/** The screens of the area by menu path (and its process pages), merged into the route registry. */
export const teachScreens: Record<string, ScreenEntry> = {
  '/teach/teachparameter': { kind: 'component', load: () => import('./ParameterPage') },
  '/teach/teachparametertime': { kind: 'component', load: () => import('./ParameterTimePage') },
  '/teach/timenode': { kind: 'component', load: () => import('./TimeNodePage') },
  '/teach/teachclassroom': { kind: 'resource', def: teachClassroomResource },
  '/teach/project': { kind: 'component', load: () => import('./ProjectPage') },
  '/teach/teachcourse': { kind: 'component', load: () => import('./CoursePage') },
  '/teach/teachcourseplan': { kind: 'component', load: () => import('./CoursePlanPage') },
  '/teach/teachcourseplanAudit': { kind: 'component', load: () => import('./PlanAuditPage') },
  '/teach/teachCoursePlanImport': { kind: 'resource', def: teachCoursePlanImportResource },
  '/teach/statistics': { kind: 'component', load: () => import('./StatisticsPage') },
  '/work/process/teachplan/handle/:taskId/:processInstanceId/:businessId': {
    kind: 'component',
    title: PLAN_HANDLE,
    load: () => import('./PlanProcessPages').then((m) => ({ default: m.PlanHandlePage })),
  },
  '/work/process/teachplan/handle/:taskId/:processInstanceId/:businessId/:processDefinitionId/:businessTable':
    {
      kind: 'component',
      title: PLAN_HANDLE,
      load: () => import('./PlanProcessPages').then((m) => ({ default: m.PlanHandlePage })),
    },
  '/work/process/teachplan/detail/:processInstanceId/:businessId': {
    kind: 'component',
    title: { zh: '课程计划详情', en: 'Course plan details' },
    load: () => import('./PlanProcessPages').then((m) => ({ default: m.PlanDetailPage })),
  },
}

import type { ScreenEntry } from '../../routes/registry'

const PROCESS_HANDLE = { zh: '调课审批', en: 'Adjustment approval' }
const PROCESS_DETAIL = { zh: '调课详情', en: 'Adjustment detail' }

/** The screens of the area by menu path (and its process pages), merged into the route registry. */
export const scheduleScreens: Record<string, ScreenEntry> = {
  '/teach/addPlan': { kind: 'component', load: () => import('./AddPlanPage') },
  '/teach/batchplan': { kind: 'component', load: () => import('./BatchPlanPage') },
  '/teach/teachbatchplanadjust': {
    kind: 'component',
    load: () => import('./AdjustPages').then((m) => ({ default: m.AdjustPage })),
  },
  '/teach/teachbatchplanadjustAudit': {
    kind: 'component',
    load: () => import('./AdjustPages').then((m) => ({ default: m.AdjustAuditPage })),
  },
  '/teach/classcollision': {
    kind: 'component',
    load: () => import('./CollisionPage').then((m) => ({ default: m.ClassCollisionPage })),
  },
  '/teach/teachercollision': {
    kind: 'component',
    load: () => import('./CollisionPage').then((m) => ({ default: m.TeacherCollisionPage })),
  },
  '/teach/addresscollision': {
    kind: 'component',
    load: () => import('./CollisionPage').then((m) => ({ default: m.RoomCollisionPage })),
  },
  '/teach/studentcollision': {
    kind: 'component',
    load: () => import('./CollisionPage').then((m) => ({ default: m.StudentCollisionPage })),
  },
  '/teach/myTimetable': {
    kind: 'component',
    load: () => import('./TimetablePages').then((m) => ({ default: m.MyTimetablePage })),
  },
  '/teach/teacherTimetable': {
    kind: 'component',
    load: () => import('./TimetablePages').then((m) => ({ default: m.TeacherTimetablePage })),
  },
  '/teach/labroomTimetable': {
    kind: 'component',
    load: () => import('./TimetablePages').then((m) => ({ default: m.LabroomTimetablePage })),
  },
  '/teach/schoolSchedule': { kind: 'component', load: () => import('./SchoolSchedulePage') },
  '/work/process/teachadjust/handle/:taskId/:processInstanceId/:businessId': {
    kind: 'component',
    title: PROCESS_HANDLE,
    load: () => import('./AdjustProcessPages').then((m) => ({ default: m.AdjustHandlePage })),
  },
  '/work/process/teachadjust/handle/:taskId/:processInstanceId/:businessId/:processDefinitionId/:businessTable':
    {
      kind: 'component',
      title: PROCESS_HANDLE,
      load: () => import('./AdjustProcessPages').then((m) => ({ default: m.AdjustHandlePage })),
    },
  '/work/process/teachadjust/detail/:processInstanceId/:businessId': {
    kind: 'component',
    title: PROCESS_DETAIL,
    load: () => import('./AdjustProcessPages').then((m) => ({ default: m.AdjustDetailPage })),
  },
}

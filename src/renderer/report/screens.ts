import type { ScreenEntry } from '../routes/registry'

const sj: ScreenEntry = { kind: 'component', load: () => import('./SjPage') }
const handle: ScreenEntry = {
  kind: 'component',
  title: { zh: '报表审核', en: 'Report audit' },
  load: () => import('./ReportProcessPages').then((m) => ({ default: m.ReportHandlePage })),
}

/** The screens of the area by menu path (and its process pages), merged into the route registry. */
export const reportScreens: Record<string, ScreenEntry> = {
  '/report/task': { kind: 'component', load: () => import('./TaskPage') },
  '/report/sj1': sj,
  '/report/sj2': sj,
  '/report/sj3': sj,
  '/report/sj4': sj,
  '/report/sj5': sj,
  '/report/sj6': sj,
  '/report/sj7': sj,
  '/report/audit': { kind: 'component', load: () => import('./AuditPage') },
  '/report/history': { kind: 'component', load: () => import('./HistoryPage') },
  '/work/process/report/handle/:taskId/:processInstanceId/:businessId': handle,
  '/work/process/report/handle/:taskId/:processInstanceId/:businessId/:processDefinitionId/:businessTable':
    handle,
  '/work/process/report/detail/:processInstanceId/:businessId': {
    kind: 'component',
    title: { zh: '报表审核详情', en: 'Report audit details' },
    load: () => import('./ReportProcessPages').then((m) => ({ default: m.ReportDetailPage })),
  },
}

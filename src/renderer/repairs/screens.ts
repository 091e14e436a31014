import type { ComponentType } from 'react'
import type { ScreenEntry } from '../routes/registry'

const pages = () => import('./RepairPages')
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ default: m[name] }))

const HANDLE = { zh: '维修办理', en: 'Handle repair' }
const DETAIL = { zh: '报修详情', en: 'Repair request' }

/** The screens of the area by menu path and its deviceRepairs process pages (over the generic ones). */
export const repairsScreens: Record<string, ScreenEntry> = {
  '/repairs/apply': { kind: 'component', load: page(pages, 'RepairApplyPage') },
  '/repairs/manage': { kind: 'component', load: page(pages, 'RepairManagePage') },
  '/repairs/statistics': { kind: 'component', load: () => import('./RepairStatisticsPage') },
  '/repairs/repDetail/:repairsId': {
    kind: 'component',
    title: DETAIL,
    load: page(pages, 'RepairDetailPage'),
  },
  '/work/process/deviceRepairs/handle/:taskId/:processInstanceId/:businessId': {
    kind: 'component',
    title: HANDLE,
    load: page(pages, 'RepairHandlePage'),
  },
  '/work/process/deviceRepairs/handle/:taskId/:processInstanceId/:businessId/:taskDefinitionKey': {
    kind: 'component',
    title: HANDLE,
    load: page(pages, 'RepairHandlePage'),
  },
  '/work/process/deviceRepairs/handle/:taskId/:processInstanceId/:businessId/:processDefinitionId/:businessTable':
    {
      kind: 'component',
      title: HANDLE,
      load: page(pages, 'RepairHandlePage'),
    },
  '/work/process/deviceRepairs/detail/:processInstanceId/:businessId': {
    kind: 'component',
    title: DETAIL,
    load: page(pages, 'RepairProcessDetailPage'),
  },
  '/work/process/deviceRepairs/detail/:processInstanceId/:businessId/:taskDefinitionKey': {
    kind: 'component',
    title: DETAIL,
    load: page(pages, 'RepairProcessDetailPage'),
  },
}

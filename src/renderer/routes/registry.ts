import type { ComponentType } from 'react'
import { matchRoutes } from 'react-router-dom'
import type { ResourceDef } from '../../shared/resource/types'
import { paramResource } from '../../shared/resources/system/param'
import { noticeResource } from '../../shared/resources/desk/notice'
import { postResource } from '../../shared/resources/system/post'
import { tenantPackageResource } from '../../shared/resources/system/tenant-package'
import { tokenSkipApiResource } from '../../shared/resources/system/token-skip-api'
import { clientResource } from '../../shared/resources/system/client'
import { datasourceResource } from '../../shared/resources/system/datasource'
import { codeResource } from '../../shared/resources/system/code'
import { reportFileResource } from '../../shared/resources/system/report-file'
import { attachResource } from '../../shared/resources/system/attach'
import {
  externalSqlResource,
  externalInterfaceResource,
  externalResourceResource,
  externalTaskResource,
} from '../../shared/resources/system/external'
import { classResource } from '../../shared/resources/base/class'
import { majorResource } from '../../shared/resources/base/major'
import { majorDirectionResource } from '../../shared/resources/base/major-direction'
import { eduMajorInfoResource } from '../../shared/resources/base/edu-major-info'
import { professionResource } from '../../shared/resources/base/profession'
import { deptResource, menuResource } from '../../shared/resources/system/organisation'
import { apiLogResource, errorLogResource, usualLogResource } from '../../shared/resources/system/log'
import { regionTree } from '../../shared/resources/system/region'

import { teachScreens } from '../teach/screens'
import { scheduleScreens } from '../teach/schedule/screens'
import { experimentScreens } from '../experiment/screens'
import { labScreens } from '../lab/screens'
import { openScreens } from '../open/screens'
import { assetsScreens } from '../assets/screens'
import { repairsScreens } from '../repairs/screens'
import { competitionScreens } from '../competition/screens'
import { safetyScreens } from '../safety/screens'
import { reportScreens } from '../report/screens'
import { cmsScreens } from '../cms/screens'
import { downloadScreens } from '../download/screens'
import { qualityScreens } from '../quality/screens'

/**
 * What a menu path of the server's menu tree renders. Each business area adds its screens here
 * (one line per screen): either a plain resource definition, rendered by the generic resource page,
 * or a lazy component for anything custom. Paths not listed show the "not built yet" page.
 */
export type ScreenEntry =
  | { kind: 'resource'; def: ResourceDef }
  | {
      kind: 'component'
      load: () => Promise<{ default: ComponentType }>
      /** The tab title of a screen no menu names (process pages opened from a list). */
      title?: ScreenTitle
    }

export interface ScreenTitle {
  zh: string
  en: string
}

const LEAVE_FORM = { zh: '请假申请', en: 'Leave request' }
const LEAVE_HANDLE = { zh: '请假办理', en: 'Handle leave request' }
const LEAVE_DETAIL = { zh: '请假详情', en: 'Leave request details' }
const PROCESS_FORM = { zh: '流程申请', en: 'Start process' }
const PROCESS_HANDLE = { zh: '流程办理', en: 'Handle task' }
const PROCESS_DETAIL = { zh: '流程详情', en: 'Process details' }

export const screens: Record<string, ScreenEntry> = {
  '/base/college': { kind: 'component', load: () => import('../base/CollegePage') },
  '/base/teacher': { kind: 'component', load: () => import('../base/TeacherPage') },
  '/base/student': { kind: 'component', load: () => import('../base/StudentPage') },
  '/base/class': { kind: 'resource', def: classResource },
  '/base/major': { kind: 'resource', def: majorResource },
  '/base/majordirection': { kind: 'resource', def: majorDirectionResource },
  '/base/academic': { kind: 'component', load: () => import('../base/AcademicPage') },
  '/base/edumajorinfo': { kind: 'resource', def: eduMajorInfoResource },
  '/base/profession': { kind: 'resource', def: professionResource },
  '/desk/notice': { kind: 'resource', def: noticeResource },
  '/system/param': { kind: 'resource', def: paramResource },
  '/system/post': { kind: 'resource', def: postResource },
  '/system/tenantpackage': { kind: 'resource', def: tenantPackageResource },
  '/system/tokenskipapi': { kind: 'resource', def: tokenSkipApiResource },
  '/system/client': { kind: 'resource', def: clientResource },
  '/system/topmenu': { kind: 'component', load: () => import('../system/TopMenuPage') },
  '/authority/datascope': {
    kind: 'component',
    load: () => import('../system/ScopePage').then((m) => ({ default: m.DataScopePage })),
  },
  '/authority/apiscope': {
    kind: 'component',
    load: () => import('../system/ScopePage').then((m) => ({ default: m.ApiScopePage })),
  },
  '/tool/datasource': { kind: 'resource', def: datasourceResource },
  '/tool/code': { kind: 'resource', def: codeResource },
  '/tool/ureport': { kind: 'resource', def: reportFileResource },
  '/resource/oss': {
    kind: 'component',
    load: () => import('../system/ConfigPage').then((m) => ({ default: m.OssPage })),
  },
  '/resource/sms': {
    kind: 'component',
    load: () => import('../system/ConfigPage').then((m) => ({ default: m.SmsPage })),
  },
  '/resource/attach': { kind: 'resource', def: attachResource },
  '/external/sql': { kind: 'resource', def: externalSqlResource },
  '/external/interface': { kind: 'resource', def: externalInterfaceResource },
  '/external/resource': { kind: 'resource', def: externalResourceResource },
  '/external/task': { kind: 'resource', def: externalTaskResource },
  '/system/user': { kind: 'component', load: () => import('../system/UserPage') },
  '/system/dept': { kind: 'resource', def: deptResource },
  '/authority/role': { kind: 'component', load: () => import('../system/RolePage') },
  '/system/menu': { kind: 'resource', def: menuResource },
  '/system/tenant': { kind: 'component', load: () => import('../system/TenantPage') },
  '/dict-horizontal/index': {
    kind: 'component',
    load: () => import('../system/DictPage').then((m) => ({ default: m.DictHorizontalPage })),
  },
  '/dict-vertical/index': {
    kind: 'component',
    load: () => import('../system/DictPage').then((m) => ({ default: m.DictVerticalPage })),
  },
  '/base/region': { kind: 'resource', def: regionTree },
  '/monitor/log/usual': { kind: 'resource', def: usualLogResource },
  '/monitor/log/api': { kind: 'resource', def: apiLogResource },
  '/monitor/log/error': { kind: 'resource', def: errorLogResource },
  '/flow/model': {
    kind: 'component',
    load: () => import('../flow/ManagePages').then((m) => ({ default: m.ModelPage })),
  },
  '/flow/deploy': {
    kind: 'component',
    load: () => import('../flow/ManagePages').then((m) => ({ default: m.DeployPage })),
  },
  '/flow/manager': {
    kind: 'component',
    load: () => import('../flow/ManagePages').then((m) => ({ default: m.ManagerPage })),
  },
  '/flow/follow': {
    kind: 'component',
    load: () => import('../flow/ManagePages').then((m) => ({ default: m.FollowPage })),
  },
  '/flow/leave': { kind: 'component', load: () => import('../flow/leave/MyLeavePage') },
  '/work/start': {
    kind: 'component',
    load: () => import('../flow/WorkPages').then((m) => ({ default: m.StartPage })),
  },
  '/work/claim': {
    kind: 'component',
    load: () => import('../flow/WorkPages').then((m) => ({ default: m.ClaimPage })),
  },
  '/work/todo': {
    kind: 'component',
    load: () => import('../flow/WorkPages').then((m) => ({ default: m.TodoPage })),
  },
  '/work/send': {
    kind: 'component',
    load: () => import('../flow/WorkPages').then((m) => ({ default: m.SendPage })),
  },
  '/work/done': {
    kind: 'component',
    load: () => import('../flow/WorkPages').then((m) => ({ default: m.DonePage })),
  },
  '/work/process/leave/form/:processDefinitionId': {
    kind: 'component',
    title: LEAVE_FORM,
    load: () => import('../flow/leave/LeavePages').then((m) => ({ default: m.LeaveFormPage })),
  },
  '/work/process/leave/handle/:taskId/:processInstanceId/:businessId': {
    kind: 'component',
    title: LEAVE_HANDLE,
    load: () => import('../flow/leave/LeavePages').then((m) => ({ default: m.LeaveHandlePage })),
  },
  '/work/process/leave/handle/:taskId/:processInstanceId/:businessId/:processDefinitionId/:businessTable': {
    kind: 'component',
    title: LEAVE_HANDLE,
    load: () => import('../flow/leave/LeavePages').then((m) => ({ default: m.LeaveHandlePage })),
  },
  '/work/process/leave/detail/:processInstanceId/:businessId': {
    kind: 'component',
    title: LEAVE_DETAIL,
    load: () => import('../flow/leave/LeavePages').then((m) => ({ default: m.LeaveDetailPage })),
  },
  '/work/process/:type/form/:processDefinitionId': {
    kind: 'component',
    title: PROCESS_FORM,
    load: () => import('../flow/GenericProcessPages').then((m) => ({ default: m.GenericFormPage })),
  },
  '/work/process/:type/handle/:taskId/:processInstanceId/:businessId': {
    kind: 'component',
    title: PROCESS_HANDLE,
    load: () => import('../flow/GenericProcessPages').then((m) => ({ default: m.GenericHandlePage })),
  },
  '/work/process/:type/handle/:taskId/:processInstanceId/:businessId/:processDefinitionId/:businessTable': {
    kind: 'component',
    title: PROCESS_HANDLE,
    load: () => import('../flow/GenericProcessPages').then((m) => ({ default: m.GenericHandlePage })),
  },
  '/work/process/deviceRepairs/handle/:taskId/:processInstanceId/:businessId/:taskDefinitionKey': {
    kind: 'component',
    title: PROCESS_HANDLE,
    load: () => import('../flow/GenericProcessPages').then((m) => ({ default: m.GenericHandlePage })),
  },
  '/work/process/deviceRepairs/detail/:processInstanceId/:businessId/:taskDefinitionKey': {
    kind: 'component',
    title: PROCESS_DETAIL,
    load: () => import('../flow/GenericProcessPages').then((m) => ({ default: m.GenericDetailPage })),
  },
  '/work/process/:type/detail/:processInstanceId/:businessId': {
    kind: 'component',
    title: PROCESS_DETAIL,
    load: () => import('../flow/GenericProcessPages').then((m) => ({ default: m.GenericDetailPage })),
  },
  '/work/bizCheckedDetail/:processInstanceId/:routePath': {
    kind: 'component',
    title: PROCESS_DETAIL,
    load: () => import('../flow/GenericProcessPages').then((m) => ({ default: m.GenericDetailPage })),
  },
  ...teachScreens,
  ...scheduleScreens,
  ...experimentScreens,
  ...labScreens,
  ...openScreens,
  ...assetsScreens,
  ...repairsScreens,
  ...competitionScreens,
  ...safetyScreens,
  ...reportScreens,
  ...cmsScreens,
  ...downloadScreens,
  ...qualityScreens,
}

const patterns = () => Object.keys(screens).map((path) => ({ path }))

/** The screen registered for a location (a pattern like /work/process/:type/... included); most specific first. */
export function findScreen(pathname: string): ScreenEntry | undefined {
  if (screens[pathname]) return screens[pathname]
  const match = matchRoutes(patterns(), pathname)?.[0]
  return match ? screens[match.route.path] : undefined
}

/** The title a registered screen carries: its resource's label or its own title. */
export function screenTitle(pathname: string): ScreenTitle | undefined {
  const entry = findScreen(pathname)
  if (!entry) return undefined
  return entry.kind === 'resource' ? entry.def.label : entry.title
}

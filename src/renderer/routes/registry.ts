import type { ComponentType } from 'react'
import type { ResourceDef } from '../../shared/resource/types'
import { paramResource } from '../../shared/resources/system/param'
import { postResource } from '../../shared/resources/system/post'
import { tenantPackageResource } from '../../shared/resources/system/tenant-package'
import { tokenSkipApiResource } from '../../shared/resources/system/token-skip-api'
import { clientResource } from '../../shared/resources/system/client'
import { topMenuResource } from '../../shared/resources/system/top-menu'
import { dataScopeResource, apiScopeResource } from '../../shared/resources/system/scopes'
import { datasourceResource } from '../../shared/resources/system/datasource'
import { codeResource } from '../../shared/resources/system/code'
import { reportFileResource } from '../../shared/resources/system/report-file'
import { ossResource } from '../../shared/resources/system/oss'
import { smsResource } from '../../shared/resources/system/sms'
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

/**
 * What a menu path of the server's menu tree renders. Each business area adds its screens here
 * (one line per screen): either a plain resource definition, rendered by the generic resource page,
 * or a lazy component for anything custom. Paths not listed show the "not built yet" page.
 */
export type ScreenEntry =
  | { kind: 'resource'; def: ResourceDef }
  | { kind: 'component'; load: () => Promise<{ default: ComponentType }> }

export const screens: Record<string, ScreenEntry> = {
  '/base/teacher': { kind: 'component', load: () => import('../base/TeacherPage') },
  '/base/student': { kind: 'component', load: () => import('../base/StudentPage') },
  '/base/class': { kind: 'resource', def: classResource },
  '/base/major': { kind: 'resource', def: majorResource },
  '/base/majordirection': { kind: 'resource', def: majorDirectionResource },
  '/base/academic': { kind: 'component', load: () => import('../base/AcademicPage') },
  '/base/edumajorinfo': { kind: 'resource', def: eduMajorInfoResource },
  '/base/profession': { kind: 'resource', def: professionResource },
  '/system/param': { kind: 'resource', def: paramResource },
  '/system/post': { kind: 'resource', def: postResource },
  '/system/tenantpackage': { kind: 'resource', def: tenantPackageResource },
  '/system/tokenskipapi': { kind: 'resource', def: tokenSkipApiResource },
  '/system/client': { kind: 'resource', def: clientResource },
  '/system/topmenu': { kind: 'resource', def: topMenuResource },
  '/authority/datascope': { kind: 'resource', def: dataScopeResource },
  '/authority/apiscope': { kind: 'resource', def: apiScopeResource },
  '/tool/datasource': { kind: 'resource', def: datasourceResource },
  '/tool/code': { kind: 'resource', def: codeResource },
  '/tool/ureport': { kind: 'resource', def: reportFileResource },
  '/resource/oss': { kind: 'resource', def: ossResource },
  '/resource/sms': { kind: 'resource', def: smsResource },
  '/resource/attach': { kind: 'resource', def: attachResource },
  '/external/sql': { kind: 'resource', def: externalSqlResource },
  '/external/interface': { kind: 'resource', def: externalInterfaceResource },
  '/external/resource': { kind: 'resource', def: externalResourceResource },
  '/external/task': { kind: 'resource', def: externalTaskResource },
}

export function registerScreens(entries: Record<string, ScreenEntry>): void {
  Object.assign(screens, entries)
}

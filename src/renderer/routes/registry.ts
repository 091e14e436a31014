import type { ComponentType } from 'react'
import type { ResourceDef } from '../../shared/resource/types'
import { paramResource } from '../../shared/resources/system/param'
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
}

export function registerScreens(entries: Record<string, ScreenEntry>): void {
  Object.assign(screens, entries)
}

import type { ComponentType } from 'react'
import type { ResourceDef } from '../../shared/resource/types'
import { paramResource } from '../../shared/resources/system/param'

/**
 * What a menu path of the server's menu tree renders. Each business area adds its screens here
 * (one line per screen): either a plain resource definition, rendered by the generic resource page,
 * or a lazy component for anything custom. Paths not listed show the "not built yet" page.
 */
export type ScreenEntry =
  | { kind: 'resource'; def: ResourceDef }
  | { kind: 'component'; load: () => Promise<{ default: ComponentType }> }

export const screens: Record<string, ScreenEntry> = {
  '/system/param': { kind: 'resource', def: paramResource },
}

export function registerScreens(entries: Record<string, ScreenEntry>): void {
  Object.assign(screens, entries)
}

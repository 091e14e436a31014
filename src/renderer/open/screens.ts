import type { ComponentType } from 'react'
import type { ScreenEntry } from '../routes/registry'
import { openRoomRulesResource } from '../../shared/resources/open/room-rules'
import { openRoomShareResource } from '../../shared/resources/open/room-share'

const pick =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ default: m[name] }))

/** The screens of the area by menu path (and its process pages), merged into the route registry. */
export const openScreens: Record<string, ScreenEntry> = {
  '/open/openroomapply': { kind: 'component', load: pick(() => import('./ApplyPages'), 'RoomApplyPage') },
  '/open/openroomapplyAudit': {
    kind: 'component',
    load: pick(() => import('./AuditPages'), 'RoomApplyAuditPage'),
  },
  '/open/openbaseapply': { kind: 'component', load: pick(() => import('./ApplyPages'), 'BaseApplyPage') },
  '/open/openbaseapplyAudit': {
    kind: 'component',
    load: pick(() => import('./AuditPages'), 'BaseApplyAuditPage'),
  },
  '/open/reserve': { kind: 'component', load: pick(() => import('./ReservePages'), 'ReservePage') },
  '/open/reserveTeacher': {
    kind: 'component',
    load: pick(() => import('./ReservePages'), 'TeacherBatchPage'),
  },
  '/open/openroomreserve': {
    kind: 'component',
    load: pick(() => import('./ReservePages'), 'ReserveManagePage'),
  },
  '/open/myBooking': { kind: 'component', load: () => import('./MyBookingPage') },
  '/open/openroomshare': { kind: 'resource', def: openRoomShareResource },
  '/open/openroomrules': { kind: 'resource', def: openRoomRulesResource },
  '/open/statistics': { kind: 'component', load: () => import('./StatisticsPage') },
}

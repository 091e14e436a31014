import type { ScreenEntry } from '../routes/registry'
import { labInfoResource } from '../../shared/resources/lab/lab-info'
import { labTeacherResource } from '../../shared/resources/lab/lab-teacher'

/** The screens of the area by menu path (and its process pages), merged into the route registry. */
export const labScreens: Record<string, ScreenEntry> = {
  '/lab/labinfo': { kind: 'resource', def: labInfoResource },
  '/lab/labroom': { kind: 'component', load: () => import('./RoomPage') },
  '/lab/roommonitoring': { kind: 'component', load: () => import('./RoomMonitoringPage') },
  '/lab/teacher': { kind: 'resource', def: labTeacherResource },
  '/lab/appointment': { kind: 'component', load: () => import('./AppointmentPage') },
  '/lab/roomBrowse': { kind: 'component', load: () => import('./RoomBrowsePage') },
  '/lab/teacherStatistics': { kind: 'component', load: () => import('./StaffStatisticsPage') },
  '/lab/statistics': { kind: 'component', load: () => import('./LabStatisticsPage') },
}

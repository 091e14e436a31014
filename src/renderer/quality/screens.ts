import type { ScreenEntry } from '../routes/registry'

/** The screens of the area by menu path (and its process pages), merged into the route registry. */
export const qualityScreens: Record<string, ScreenEntry> = {
  '/quality/inspectioncourse': { kind: 'component', load: () => import('./CourseInspectionPage') },
  '/quality/inspectionroom': { kind: 'component', load: () => import('./RoomInspectionPage') },
  '/quality/inspectionsituation': { kind: 'component', load: () => import('./SituationPage') },
}

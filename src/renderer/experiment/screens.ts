import type { ScreenEntry } from '../routes/registry'

/** The screens of the area by menu path (and its process pages), merged into the route registry. */
export const experimentScreens: Record<string, ScreenEntry> = {
  '/experiment/project': { kind: 'component', load: () => import('./ProjectPage') },
  '/experiment/projectTime': { kind: 'component', load: () => import('./SlotPage') },
  '/experiment/projectparams': { kind: 'component', load: () => import('./ParamsPage') },
  '/experiment/projectstu': { kind: 'component', load: () => import('./StudentsPage') },
  '/experiment/statistics': { kind: 'component', load: () => import('./StatisticsPage') },
  '/experiment/subscribe': { kind: 'component', load: () => import('./SubscribePage') },
}

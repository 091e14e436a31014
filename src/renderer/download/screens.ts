import type { ScreenEntry } from '../routes/registry'

/** The screens of the area by menu path (and its process pages), merged into the route registry. */
export const downloadScreens: Record<string, ScreenEntry> = {
  '/download/task': { kind: 'component', load: () => import('./DownloadTaskPage') },
}

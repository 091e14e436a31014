import { cmsCategoryResource } from '../../shared/resources/cms/cms'
import type { ScreenEntry } from '../routes/registry'

/** The screens of the area by menu path (and the reader's page), merged into the route registry. */
export const cmsScreens: Record<string, ScreenEntry> = {
  '/cms/category': { kind: 'resource', def: cmsCategoryResource },
  '/cms/article': { kind: 'component', load: () => import('./ArticlePage') },
  '/cms/read/:id': {
    kind: 'component',
    title: { zh: '阅读文章', en: 'Article' },
    load: () => import('./ReadPage'),
  },
}

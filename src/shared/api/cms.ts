import { z } from 'zod'
import { cmsArticleResource, cmsCategoryResource } from '../resources/cms/cms'
import { BladeQuery, IdQuery, IdsQuery, type AttachmentInfo } from './common'
import { answer, GET, POST } from './endpoint'
import type { Page } from './envelope'
import type { RowOf } from './resource'

export type CmsCategory = RowOf<typeof cmsCategoryResource> & { hasChildren?: boolean }
export type CmsArticle = RowOf<typeof cmsArticleResource> & {
  categoryName?: string
  /** On `detail`: the attachments of `attachIds`. */
  attachments?: AttachmentInfo[]
}

export interface CmsCategoryNode {
  id: string
  parentId: string
  key: string
  value: string
  title: string
  categoryType: number
  children?: CmsCategoryNode[]
  hasChildren?: boolean
}

export interface CmsBanner {
  id: string
  title: string
  cover: string
  summary: string | null
  linkUrl: string | null
  publishTime: string | null
}

const ParentQuery = z.object({ parentId: z.union([z.string(), z.number()]).optional() }).loose()

/** `/api/cms/category/*` beyond the standard detail/submit. */
export const cmsCategoryApi = {
  lazyList: GET('/api/cms/category/lazy-list', { query: ParentQuery, answer: answer<CmsCategory[]>() }),
  tree: GET('/api/cms/category/tree', { query: BladeQuery, answer: answer<CmsCategoryNode[]>() }),
  remove: POST('/api/cms/category/remove', { query: IdsQuery, answer: answer<Record<string, never>>() }),
}

/** `/api/cms/article/*` reads: any signed-in user, who sees only what is published. */
export const cmsArticleApi = {
  list: GET('/api/cms/article/list', { query: BladeQuery, answer: answer<Page<CmsArticle>>() }),
  page: GET('/api/cms/article/page', { query: BladeQuery, answer: answer<Page<CmsArticle>>() }),
  detail: GET('/api/cms/article/detail', { query: IdQuery, answer: answer<CmsArticle>() }),
  bannerList: GET('/api/cms/article/bannerList', { query: BladeQuery, answer: answer<CmsBanner[]>() }),
}

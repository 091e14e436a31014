/** Tables of the cms area (内容管理 (`/api/cms/*`)). */
import { sql } from 'drizzle-orm'
import { index, uniqueIndex } from 'drizzle-orm/pg-core'
import { resourceTable } from '../../core/resource-table'
import { cmsArticleResource, cmsCategoryResource } from '../../../shared/resources/cms/cms'

export const cmsCategory = resourceTable(cmsCategoryResource, {
  indexes: (c) => [
    uniqueIndex('cms_category_code_uq')
      .on(c.tenantId, c.categoryCode)
      .where(sql`is_deleted = 0`),
    index('cms_category_parent_idx').on(c.tenantId, c.parentId),
  ],
})

export const cmsArticle = resourceTable(cmsArticleResource, {
  indexes: (c) => [
    index('cms_article_category_idx').on(c.tenantId, c.categoryId, c.status, c.publishTime),
    index('cms_article_banner_idx').on(c.tenantId, c.isBanner, c.status, c.bannerSort),
  ],
})

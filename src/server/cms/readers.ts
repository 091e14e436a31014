import { and, eq, lte, or, sql, type SQL } from 'drizzle-orm'
import { ARTICLE_STATUS } from '../../shared/resources/cms/cms'
import type { Data } from '../core/data'
import { cmsArticle, cmsCategory } from '../db/schema/cms'
import { holdsButton } from '../teach/people'

/** Holders of a 文章管理 button see every article; everyone else reads what is published. */
export async function isCmsEditor(data: Data): Promise<boolean> {
  for (const code of ['cms_article_view', 'cms_article_edit', 'cms_category_view'])
    if (await holdsButton(data, code)) return true
  return false
}

/** Published (publishTime reached) in an enabled category: what a reader sees. */
export function readableArticles(data: Data): SQL {
  return and(
    eq(cmsArticle.status, ARTICLE_STATUS.published),
    or(sql`${cmsArticle.publishTime} is null`, lte(cmsArticle.publishTime, new Date())),
    sql`${cmsArticle.categoryId} in (select ${cmsCategory.id} from ${cmsCategory} where ${data.rows(
      cmsCategory,
      eq(cmsCategory.status, 1),
    )})`,
  )!
}

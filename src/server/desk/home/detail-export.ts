/**
 * 教学统计明细 as .xlsx (the ten headers of reports-portal.md 8): straight to the caller up to
 * 100,000 rows, or through 下载中心 (`asyncTask=true`, producer `desk.teachDetail.xlsx`) with the same
 * filters, run later as the caller who queued it.
 */
import type { Readable } from 'node:stream'
import type { Data } from '../../core/data'
import { STREAM_PAGE_ROWS, xlsxStream, type Cell } from '../../core/xlsx-stream'
import { TEACH_DETAIL_COLUMNS, type TeachDetailRow } from '../../../shared/api/home'
import { localToday } from '../../../shared/resources/lab/time'
import { homeScope, homeTerm, type HomeFilters } from './scope'
import { teachDetail } from './teaching'

export const TEACH_DETAIL_PRODUCER = 'desk.teachDetail.xlsx'

/** The detail rows of the filters, checked as the screen's read is (403 for non-office callers). */
export async function teachDetailRows(data: Data, filters: HomeFilters): Promise<TeachDetailRow[]> {
  const scope = await homeScope(data, filters)
  return teachDetail(data, scope, await homeTerm(data, filters.academicYearId))
}

async function* pagesOf(rows: TeachDetailRow[], onPage?: (done: number) => Promise<void>) {
  for (let i = 0; i < rows.length; i += STREAM_PAGE_ROWS) {
    const page = rows.slice(i, i + STREAM_PAGE_ROWS)
    yield page.map((r) => TEACH_DETAIL_COLUMNS.map(([key]) => r[key] as Cell))
    await onPage?.(i + page.length)
  }
}

/** The rows as a one-sheet workbook (headers only when there are none). */
export const teachDetailXlsx = (rows: TeachDetailRow[], onPage?: (done: number) => Promise<void>): Readable =>
  xlsxStream({
    sheetName: '教学统计明细',
    headers: TEACH_DETAIL_COLUMNS.map(([, label]) => label),
    pages: pagesOf(rows, onPage),
  })

export const teachDetailFileName = () => `教学统计明细-${localToday().replace(/-/g, '')}`

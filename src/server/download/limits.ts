import { bad } from '../core/errors'

/**
 * Direct exports (the answer is the file) stop at this many rows; larger ones go through 下载中心
 * with `asyncTask=true` (reports-portal.md 7, decision 9). The renderer already switches at 20,000.
 */
export const MAX_DIRECT_ROWS = 100000

/** 400 数据超过100000行，请通过下载中心导出 for a direct export of more rows. */
export function refuseTooMany(total: number): void {
  if (total > MAX_DIRECT_ROWS) bad(`数据超过${MAX_DIRECT_ROWS}行，请通过下载中心导出`)
}

/** Whether an export call asks for 下载中心 (`asyncTask=true`). */
export const wantsAsync = (query: { asyncTask?: unknown }): boolean =>
  query.asyncTask === true || query.asyncTask === 'true'

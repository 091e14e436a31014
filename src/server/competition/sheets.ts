import type { FastifyReply } from 'fastify'
import { formatDateTime } from '../core/serialize'
import { attachment } from '../base/spreadsheet'
import { sheetjs } from '../core/sheetjs'

/** Exports of the area (A.9): one sheet, the form labels as headers, codes written as their labels. */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Direct exports stop at 100,000 rows; larger ones go through the 下载中心 (`asyncTask=true`). */
export { MAX_DIRECT_ROWS, refuseTooMany } from '../download/limits'

export type Cell = string | number | null | undefined | Date

export const cellText = (v: Cell): string | number =>
  v === null || v === undefined ? '' : v instanceof Date ? formatDateTime(v) : v

/** The workbook of one sheet: headers, then rows. */
export function workbook(sheetName: string, headers: string[], rows: Cell[][]): Buffer {
  const XLSX = sheetjs()
  const book = XLSX.utils.book_new()
  const sheet = XLSX.utils.aoa_to_sheet([headers, ...rows.map((r) => r.map(cellText))])
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31))
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
}

export function sendSheet(reply: FastifyReply, fileName: string, headers: string[], rows: Cell[][]) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(fileName))
    .send(workbook(fileName.replace(/\.xlsx$/, ''), headers, rows))
}

/** A label of a code table, or the code itself. */
export const labelOf = (labels: Map<number, string>, v: unknown): string =>
  v === null || v === undefined || v === '' ? '' : (labels.get(Number(v)) ?? String(v))

import type { FastifyReply } from 'fastify'
import type { FieldDef } from '../../shared/resource/types'
import type { Data } from '../core/data'
import { dept } from '../db/schema'
import { fieldChoices, type Choice } from '../base/dictionaries'
export { deptNames } from '../lab/lab-info'
import { attachment } from '../base/spreadsheet'
import { sheetjs } from '../core/sheetjs'

/**
 * Spreadsheets of the teaching screens: headers are the form labels, coded values go out as their zh
 * labels (imports read label or code back), several sheets per book where a document needs them.
 */

type Row = Record<string, unknown>
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export interface Sheet {
  name: string
  /** Objects keyed by header, or rows of cells (the first row being whatever the document puts first). */
  rows: Row[] | unknown[][]
  /** Column widths in characters. */
  widths?: number[]
}

/** The zh label of a coded value (comma lists label each part). */
export function labelOf(value: unknown, choices: Choice[] | undefined): unknown {
  if (value === null || value === undefined) return ''
  if (!choices?.length) return value
  return String(value)
    .split(',')
    .map((part) => choices.find((c) => c.value === part)?.label ?? part)
    .join(',')
}

/** Rows as the export shows them: one column per field (by zh label), codes as labels. */
export async function exportRows(
  data: Data,
  fields: FieldDef[],
  rows: Row[],
  override: Record<string, (row: Row) => unknown> = {},
): Promise<Row[]> {
  const choices = await fieldChoices(data.db, fields)
  const out = rows.map((row) => {
    const cells: Row = {}
    for (const f of fields)
      cells[f.label.zh] = override[f.name] ? override[f.name](row) : labelOf(row[f.name], choices[f.name])
    return cells
  })
  if (!out.length) out.push(Object.fromEntries(fields.map((f) => [f.label.zh, ''])))
  return out
}

/** Unique sheet names of at most 31 characters without the characters Excel refuses. */
function sheetNames(names: string[]): string[] {
  const used = new Set<string>()
  return names.map((raw) => {
    const base = raw.replace(/[\\/?*[\]:]/g, '_').slice(0, 28) || 'Sheet'
    let name = base
    for (let i = 2; used.has(name); i++) name = `${base}(${i})`.slice(0, 31)
    used.add(name)
    return name
  })
}

export function bookOf(sheets: Sheet[]): Buffer {
  const XLSX = sheetjs()
  const book = XLSX.utils.book_new()
  const names = sheetNames(sheets.map((s) => s.name))
  sheets.forEach((s, i) => {
    const ws = Array.isArray(s.rows[0])
      ? XLSX.utils.aoa_to_sheet(s.rows as unknown[][])
      : XLSX.utils.json_to_sheet(s.rows as Row[])
    if (s.widths) ws['!cols'] = s.widths.map((wch) => ({ wch }))
    XLSX.utils.book_append_sheet(book, ws, names[i])
  })
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
}

export function sendBook(reply: FastifyReply, fileName: string, sheets: Sheet[]) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(fileName))
    .send(bookOf(sheets))
}

/** Every college of the tenant by 院系号 and by name (imports accept either). */
export async function deptLookup(data: Data): Promise<Map<string, string>> {
  const rows = await data.db
    .select({ serial: dept.serial, name: dept.deptName })
    .from(dept)
    .where(data.rows(dept))
  const out = new Map<string, string>()
  for (const r of rows) {
    if (!r.serial) continue
    out.set(r.serial, r.serial)
    if (!out.has(r.name)) out.set(r.name, r.serial)
  }
  return out
}

import type { WorkBook } from 'xlsx'
import { fixed } from '../../shared/resources/report/decimal'
import type { LayoutField } from '../../shared/resources/report/settings'
import { REPORT_TABLES, type ReportField, type TableCode } from '../../shared/resources/report/tables'
import type { Cell } from '../core/xlsx-stream'
import { MAX_LINES, type ParseFinding, type ParseResult } from './txt/parse'
import { sheetjs } from '../core/sheetjs'

/**
 * The Excel form of a table (reports-portal.md 3): one sheet `SJ1教学科研仪器设备表`, row 1 the zh
 * labels, one row per record; code, date and 编号 columns as text (leading zeros kept), numbers as
 * numbers (D with two decimals). Import matches headers loosely, takes a code or its label, pads a
 * numeric cell of a zero-padded column (I-07) and turns a date cell into YYYYMM.
 */
export const sheetName = (table: TableCode) => `${REPORT_TABLES[table].short}${REPORT_TABLES[table].title}`

export const excelHeaders = (table: TableCode) => REPORT_TABLES[table].fields.map((f) => f.label)

/** Column indexes shown with two decimals. */
export const fixedColumns = (layout: LayoutField[]) =>
  layout.flatMap((l, i) => (l.kind === 'D' && l.decimals === 2 ? [i] : []))

/** The cells of one row in field order. */
export function excelCells(table: TableCode, row: Record<string, unknown>): Cell[] {
  return REPORT_TABLES[table].fields.map((f) => {
    const v = row[f.name]
    if (v === null || v === undefined || v === '') return null
    if (f.kind === 'N' || f.kind === 'D') {
      const n = Number(v)
      return Number.isFinite(n) ? n : String(v)
    }
    return String(v)
  })
}

const clean = (s: string) =>
  s
    .replace(/[\s*＊]/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .toLowerCase()
const bare = (s: string) => clean(s).replace(/\((元|万元|m²|m2)\)$/, '')

/** Reads the first sheet of a workbook into table rows, with P-* / I-* findings like a TXT. */
export function parseExcel(bytes: Buffer, table: TableCode, layout: LayoutField[]): ParseResult {
  const findings: ParseFinding[] = []
  let blocking = 0
  const block = (line: number | null, ruleId: string, message: string, field?: string) => {
    blocking++
    findings.push({ ruleId, level: 'block', line, field, message })
  }
  const notice = (line: number | null, ruleId: string, message: string, field?: string) =>
    findings.push({ ruleId, level: 'notice', line, field, message })

  const XLSX = sheetjs()
  let book: WorkBook
  try {
    book = XLSX.read(bytes, { type: 'buffer', cellDates: true, dense: true })
  } catch {
    block(null, 'P-06', '文件不是有效的Excel文件')
    return { records: [], findings, blocking }
  }
  const sheet = book.Sheets[book.SheetNames[0] ?? '']
  if (!sheet) {
    block(null, 'P-06', 'Excel文件没有工作表')
    return { records: [], findings, blocking }
  }
  const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    defval: null,
    raw: true,
    blankrows: false,
  })
  const header = (cells[0] ?? []).map((h) => String(h ?? ''))
  const fields = REPORT_TABLES[table].fields
  const at = new Map<string, number>()
  for (const f of fields) {
    const i = header.findIndex((h) => clean(h) === clean(f.label) || bare(h) === bare(f.label))
    if (i < 0) block(1, 'P-06', `缺少列：${f.label}`, f.name)
    else at.set(f.name, i)
  }
  if (blocking) return { records: [], findings, blocking }
  const body = cells.slice(1)
  if (body.length > MAX_LINES) {
    block(null, 'P-05', `文件超过${MAX_LINES}行`)
    return { records: [], findings, blocking }
  }
  const records: ParseResult['records'] = []
  body.forEach((row, index) => {
    const line = index + 2
    if (row.every((c) => c === null || c === '')) return
    const values: Record<string, string | number | null> = {}
    let ok = true
    fields.forEach((f, k) => {
      const value = readCell(f, layout[k], row[at.get(f.name)!], line)
      if (value === undefined) ok = false
      else values[f.name] = value
    })
    if (ok) records.push({ line, values })
  })
  return { records, findings, blocking }

  function readCell(
    f: ReportField,
    l: LayoutField,
    raw: unknown,
    line: number,
  ): string | number | null | undefined {
    if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return null
    if (l.kind === 'N' || l.kind === 'D') {
      const text = typeof raw === 'number' ? String(raw) : String(raw).trim()
      if (!/^\d+(\.\d+)?$/.test(text) || (l.kind === 'N' && text.includes('.') && Number(text) % 1 !== 0)) {
        block(line, 'P-04', `第${line}行 ${f.label} 应为数字，实为“${text}”`, f.name)
        return undefined
      }
      return l.kind === 'N'
        ? Number(text)
        : fixed(text, Math.max(l.decimals, (text.split('.')[1] ?? '').length))!
    }
    if (raw instanceof Date) {
      const month = `${raw.getFullYear()}${String(raw.getMonth() + 1).padStart(2, '0')}`
      return l.kind === 'Y' ? month.slice(0, 4) : month
    }
    if (typeof raw === 'number') {
      const text = String(raw)
      if (f.zeroPad && text.length < f.zeroPad) {
        notice(line, 'I-07', `第${line}行 ${f.label} 已补足前导0`, f.name)
        return text.padStart(f.zeroPad, '0')
      }
      return text
    }
    const text = String(raw).replace(/\r?\n/g, ' ')
    if (text.length > (f.max ?? 255)) {
      block(line, 'P-06', `第${line}行 ${f.label} 超过${f.max ?? 255}个字符`, f.name)
      return undefined
    }
    if (f.codes) {
      const t = text.trim()
      const hit = f.codes.items.find(([k, v]) => k === t || v === t || `${k} ${v}` === t)
      if (hit) return hit[0]
    }
    return text
  }
}

import type { FieldDef, ResourceDef } from '../../shared/resource/types'
import { entitySchema } from '../../shared/resource/validate'
import { controlOf, formFields, isMulti } from './fields'

/**
 * The import preview: spreadsheet rows (keyed by their header cell) mapped to fields by the zh or en
 * label (or the wire name), translated from labels to keys for dictionary and option fields, and
 * checked with the same zod schema the server applies. The commit sends `values` of every row.
 */

export type Cell = string | number | null

export interface ImportRow {
  /** The spreadsheet row number (the header is row 1). */
  line: number
  values: Record<string, unknown>
  /** The cells as the sheet shows them (labels, not keys), for the preview. */
  cells: Record<string, string>
  errors: string[]
}

export interface ImportPreview {
  /** Header text -> field name, for the columns that matched a field. */
  columns: Record<string, string>
  /** Headers that matched no field (ignored, shown to the user). */
  ignored: string[]
  /** Required fields no column supplies (every row will fail on them). */
  missing: FieldDef[]
  rows: ImportRow[]
}

/** Label -> key choices of one field (dictionary items or fixed options), for translating cells. */
export type Choices = Record<string, { label: string; value: string }[]>

const clean = (s: string) => s.replace(/[*＊\s]/g, '').toLowerCase()

export function matchColumns(
  def: ResourceDef,
  headers: string[],
): Pick<ImportPreview, 'columns' | 'ignored'> {
  const byName = new Map<string, string>()
  for (const f of formFields(def)) {
    for (const key of [f.label.zh, f.label.en, f.name]) if (key) byName.set(clean(key), f.name)
  }
  const columns: Record<string, string> = {}
  const ignored: string[] = []
  const taken = new Set<string>()
  for (const h of headers) {
    const name = byName.get(clean(h))
    if (name && !taken.has(name)) {
      columns[h] = name
      taken.add(name)
    } else ignored.push(h)
  }
  return { columns, ignored }
}

function cellValue(f: FieldDef, raw: Cell, choices: Choices, errors: string[]): unknown {
  if (raw === null || raw === undefined) return ''
  const text = String(raw).trim()
  if (text === '') return ''
  const list = choices[f.name]
  if (!list) return typeof raw === 'number' ? raw : text
  const parts = isMulti(controlOf(f))
    ? text
        .split(/[,，、]/)
        .map((p) => p.trim())
        .filter(Boolean)
    : [text]
  const keys: string[] = []
  for (const p of parts) {
    const hit = list.find((c) => c.label === p || c.value === p)
    if (hit) keys.push(hit.value)
    else errors.push(`${f.label.zh}「${p}」不是可选值`)
  }
  return keys.join(',')
}

export function previewImport(
  def: ResourceDef,
  rows: Record<string, Cell>[],
  choices: Choices = {},
): ImportPreview {
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))]
  const { columns, ignored } = matchColumns(def, headers)
  const supplied = new Set(Object.values(columns))
  const missing = formFields(def).filter((f) => f.required && !supplied.has(f.name))
  const fields = new Map(def.fields.map((f) => [f.name, f]))
  const schema = entitySchema(def)
  const out: ImportRow[] = []
  rows.forEach((row, i) => {
    const cells = Object.entries(row)
    if (cells.every(([, v]) => v === null || String(v).trim() === '')) return
    const errors: string[] = []
    const values: Record<string, unknown> = {}
    const shown: Record<string, string> = {}
    for (const [header, raw] of cells) {
      const name = columns[header]
      if (!name) continue
      values[name] = cellValue(fields.get(name)!, raw, choices, errors)
      shown[name] = raw === null ? '' : String(raw).trim()
    }
    const parsed = schema.safeParse(values)
    if (!parsed.success) for (const issue of parsed.error.issues) errors.push(issue.message)
    out.push({ line: i + 2, values, cells: shown, errors: [...new Set(errors)] })
  })
  return { columns, ignored, missing, rows: out }
}

export const canCommit = (p: ImportPreview): boolean =>
  p.rows.length > 0 && p.rows.every((r) => r.errors.length === 0)

/** The POST body of the batch: the rows' values, wrapped under `importKey` when the definition says so. */
export function importBody(def: ResourceDef, p: ImportPreview): unknown {
  const rows = p.rows.map((r) => r.values)
  return def.importKey ? { [def.importKey]: rows } : rows
}

/** Rows the preview table renders: a school's whole roster would freeze the dialog. */
export const PREVIEW_ROWS = 200

/** The rows worth showing first: those with errors, then the others, up to PREVIEW_ROWS. */
export function previewRows<R extends { errors: string[] }>(rows: R[]): R[] {
  const out = rows.filter((r) => r.errors.length).slice(0, PREVIEW_ROWS)
  for (const r of rows) {
    if (out.length >= PREVIEW_ROWS) break
    if (!r.errors.length) out.push(r)
  }
  return out
}

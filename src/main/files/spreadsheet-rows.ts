import * as XLSX from 'xlsx'

export type SheetCell = string | number | null
export type SheetRow = Record<string, SheetCell>

/**
 * The keys `XLSX.utils.sheet_to_json` gives a sheet's columns in its default header mode (the header
 * row's text, `__EMPTY` for a blank, `name_1` for a repeat), computed once so the rows can be
 * converted a slice at a time with the same keys.
 */
export function headerKeys(sheet: XLSX.WorkSheet, range: XLSX.Range): string[] {
  const keys: string[] = []
  const seen: Record<string, number> = {}
  const dense = (sheet as { '!data'?: XLSX.CellObject[][] })['!data']
  for (let c = range.s.c; c <= range.e.c; c++) {
    const cell = dense ? dense[range.s.r]?.[c] : sheet[XLSX.utils.encode_cell({ r: range.s.r, c })]
    const text = XLSX.utils.format_cell(cell ?? { t: 's', v: '__EMPTY', w: '__EMPTY' })
    let key = text
    let counter = seen[text] ?? 0
    if (!counter) seen[text] = 1
    else {
      do key = `${text}_${counter++}`
      while (seen[key])
      seen[text] = counter
      seen[key] = 1
    }
    keys.push(key)
  }
  return keys
}

/** Sheet rows `from`..`to` (0-based, inclusive) keyed by `keys`; blank rows are left out. */
export function rowsBetween(
  sheet: XLSX.WorkSheet,
  range: XLSX.Range,
  keys: string[],
  from: number,
  to: number,
): SheetRow[] {
  return XLSX.utils
    .sheet_to_json<Record<string, unknown>>(sheet, {
      header: keys,
      range: { s: { r: from, c: range.s.c }, e: { r: to, c: range.e.c } },
      defval: null,
      raw: true,
    })
    .map(toRow)
}

function toRow(row: Record<string, unknown>): SheetRow {
  const out: SheetRow = {}
  for (const [key, value] of Object.entries(row)) out[key] = toCell(value)
  return out
}

function toCell(value: unknown): SheetCell {
  if (value === null || value === undefined) return null
  if (typeof value === 'number' || typeof value === 'string') return value
  if (value instanceof Date) return value.toISOString()
  return String(value)
}

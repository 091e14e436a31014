import type { LayoutField } from '../../../shared/resources/report/settings'
import { fixed, toScaled } from '../../../shared/resources/report/decimal'
import { byteLength, cutToWidth, encodeGbk, gbkWidth } from './gbk'

/**
 * The TXT record of a row (reports-portal.md 2): fields concatenated in layout order, widths in GBK
 * bytes; C text left-aligned and space-padded (name-like fields cut at a character boundary), N and D
 * right-aligned with fixed decimals, M/Y digits at full width, null as spaces. A value that cannot be
 * written (a code or number too wide, a character outside GBK, a negative number) makes the row
 * unwritable; the export is refused rather than written wrong.
 */
export interface Unwritable {
  field: string
  label: string
  ruleId: 'F-02' | 'F-03' | 'F-14'
  value: string
  /** `超过8字节` / `含GBK无法表示的字符“x”` / `为负数`. */
  reason: string
}

type Cell = string | Unwritable
type Writer = (value: unknown) => Cell

const SPACES = ' '.repeat(512)
const spaces = (n: number) => (n <= 512 ? SPACES.slice(0, n) : ' '.repeat(n))

function pad(text: string, used: number, width: number, align: 'L' | 'R'): string {
  const fill = spaces(width - used)
  return align === 'R' ? fill + text : text + fill
}

const isBlank = (v: unknown) => v === null || v === undefined || v === ''

function textWriter(l: LayoutField, cut: boolean): Writer {
  const blank = spaces(l.width)
  const unwritable = (ruleId: Unwritable['ruleId'], value: string, reason: string): Unwritable => ({
    field: l.name,
    label: l.label,
    ruleId,
    value,
    reason,
  })
  return (value) => {
    if (isBlank(value)) return blank
    let s = String(value)
    const measured = gbkWidth(s)
    if (measured.bad) return unwritable('F-03', s, `含GBK无法表示的字符“${measured.bad}”`)
    let used = measured.width
    if (used > l.width) {
      if (!cut) return unwritable('F-02', s, `超过${l.width}字节`)
      s = cutToWidth(s, l.width)
      used = byteLength(s)
    }
    return pad(s, used, l.width, l.align)
  }
}

function numberWriter(l: LayoutField): Writer {
  const blank = spaces(l.width)
  const places = l.kind === 'D' ? l.decimals : 0
  return (value) => {
    if (isBlank(value)) return blank
    const scaled = toScaled(value)
    const text = scaled === null ? null : fixed(value, places)
    if (scaled === null || text === null)
      return { field: l.name, label: l.label, ruleId: 'F-02', value: String(value), reason: '不是数字' }
    if (scaled < 0n || text.startsWith('-'))
      return { field: l.name, label: l.label, ruleId: 'F-14', value: String(value), reason: '为负数' }
    if (text.length > l.width)
      return { field: l.name, label: l.label, ruleId: 'F-02', value: text, reason: `超过${l.width}字节` }
    return pad(text, text.length, l.width, l.align)
  }
}

/** The writer of one field of a layout: its text at full width, or why it cannot be written. */
export function fieldWriter(l: LayoutField, cut: boolean): (value: unknown) => string | Unwritable {
  return l.kind === 'N' || l.kind === 'D' ? numberWriter(l) : textWriter(l, l.kind === 'C' && cut)
}

/** The writers of a layout; `cutFields` names the name-like C fields. */
export function recordWriter(layout: LayoutField[], cutFields: ReadonlySet<string>) {
  const writers = layout.map((l) => fieldWriter(l, cutFields.has(l.name)))
  const names = layout.map((l) => l.name)
  /** The record text (without CR LF), or what makes it unwritable. */
  return (
    row: Record<string, unknown>,
  ): { text: string; problems?: undefined } | { problems: Unwritable[] } => {
    let text = ''
    let problems: Unwritable[] | undefined
    for (let i = 0; i < writers.length; i++) {
      const cell = writers[i](row[names[i]])
      if (typeof cell === 'string') text += cell
      else (problems ??= []).push(cell)
    }
    return problems ? { problems } : { text }
  }
}

/** Records to the bytes of a file: every record, the last included, ends with CR LF. */
export function encodeRecords(records: string[]): Buffer {
  if (!records.length) return Buffer.alloc(0)
  return encodeGbk(`${records.join('\r\n')}\r\n`)
}

/** What a name-like field is written as when it is too wide (F-01 message), or null when it fits. */
export function cutPreview(value: string, width: number): string | null {
  const measured = gbkWidth(value)
  if (measured.bad || measured.width <= width) return null
  return cutToWidth(value, width)
}

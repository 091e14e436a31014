import type iconvLite from 'iconv-lite'
import { lazyRequire } from '../../core/lazy-require'

const iconv = lazyRequire<typeof iconvLite>('iconv-lite')

/**
 * GBK (CP936) as the MOE TXT files use it: an ASCII character is one byte, every other character the
 * encoding holds is two (lead 0x81–0xFE, trail 0x40–0xFE but 0x7F). Characters outside GBK (and the
 * single-byte euro sign of CP936) cannot be written (F-03).
 */

let widths: Uint8Array | null = null

/** Byte width of every UTF-16 code unit: 1 ASCII, 2 a GBK double-byte character, 0 not writable. */
function widthTable(): Uint8Array {
  if (widths) return widths
  const table = new Uint8Array(65536)
  for (let c = 0; c < 0x80; c++) table[c] = 1
  // Every double-byte sequence decoded once: the characters they give are the writable ones.
  const bytes: number[] = []
  for (let lead = 0x81; lead <= 0xfe; lead++)
    for (let trail = 0x40; trail <= 0xfe; trail++) if (trail !== 0x7f) bytes.push(lead, trail)
  const text = iconv().decode(Buffer.from(bytes), 'gbk')
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c !== 0xfffd && c >= 0x80 && (c < 0xd800 || c > 0xdfff)) table[c] = 2
  }
  // CP936 writes € as the single byte 0x80, which GBK does not have: not writable.
  table[0x20ac] = 0
  widths = table
  return table
}

/** The GBK byte length of `s`, or -1 with the first character GBK cannot hold. */
export function gbkWidth(s: string): { width: number; bad?: string } {
  const table = widthTable()
  let width = 0
  for (let i = 0; i < s.length; i++) {
    const w = table[s.charCodeAt(i)]
    if (!w) return { width: -1, bad: String.fromCodePoint(s.codePointAt(i) ?? 0xfffd) }
    width += w
  }
  return { width }
}

/** The GBK byte length of `s` when every character is writable (caller checked), fast path. */
export function byteLength(s: string): number {
  const table = widthTable()
  let width = 0
  for (let i = 0; i < s.length; i++) width += table[s.charCodeAt(i)] || 2
  return width
}

/**
 * `s` cut after the last whole character that fits `width` bytes; a double-byte character is never
 * split (a byte left over is padding, like the rest of the field).
 */
export function cutToWidth(s: string, width: number): string {
  const table = widthTable()
  let used = 0
  let i = 0
  for (; i < s.length; i++) {
    const w = table[s.charCodeAt(i)] || 2
    if (used + w > width) break
    used += w
  }
  return s.slice(0, i)
}

export const encodeGbk = (s: string): Buffer => iconv().encode(s, 'gbk')
export const decodeGbk = (b: Buffer | Uint8Array): string => iconv().decode(Buffer.from(b), 'gbk')

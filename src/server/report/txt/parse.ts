import type { LayoutField } from '../../../shared/resources/report/settings'
import { recordLength } from '../../../shared/resources/report/settings'
import { decodeGbk } from './gbk'
import { fieldWriter } from './format'

/**
 * Reads a TXT of one table in a year's layout (reports-portal.md 2, import). P-* findings refuse the
 * file, I-* are notices; values come out as the tables store them (C text with its padding removed on
 * the pad side, N numbers, D decimal strings, empty → null).
 */
export interface ParseFinding {
  ruleId: string
  level: 'block' | 'notice'
  line: number | null
  field?: string
  message: string
}

export interface ParsedRecord {
  line: number
  values: Record<string, string | number | null>
}

export interface ParseResult {
  records: ParsedRecord[]
  findings: ParseFinding[]
  blocking: number
}

export const MAX_LINES = 300000

const CR = 0x0d
const LF = 0x0a

const isLead = (b: number) => b >= 0x81 && b <= 0xfe
const isTrail = (b: number) => b >= 0x40 && b <= 0xfe && b !== 0x7f

export function parseTxt(bytes: Buffer, layout: LayoutField[]): ParseResult {
  const findings: ParseFinding[] = []
  const records: ParsedRecord[] = []
  let blocking = 0
  const block = (line: number | null, ruleId: string, message: string, field?: string) => {
    blocking++
    findings.push({ ruleId, level: 'block', line, field, message })
  }
  const notice = (line: number | null, ruleId: string, message: string, field?: string) =>
    findings.push({ ruleId, level: 'notice', line, field, message })

  const length = recordLength(layout)
  const starts: number[] = []
  let at = 0
  for (const l of layout) {
    starts.push(at)
    at += l.width
  }
  const canonical = layout.map((l) => (l.kind === 'N' || l.kind === 'D' ? fieldWriter(l, false) : null))

  let offset = 0
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    offset = 3
    notice(null, 'I-02', '文件以UTF-8 BOM开头，已忽略')
  }
  let lfOnly = 0
  let emptyLines = 0
  let lineNo = 0
  while (offset < bytes.length) {
    lineNo++
    let end = bytes.indexOf(LF, offset)
    const terminated = end >= 0
    if (!terminated) end = bytes.length
    let stop = end
    if (terminated && stop > offset && bytes[stop - 1] === CR) stop--
    else if (terminated) lfOnly++
    const line = bytes.subarray(offset, stop)
    offset = terminated ? end + 1 : end
    if (!terminated && line.length) notice(lineNo, 'I-03', `第${lineNo}行（最后一行）没有换行符`)
    if (!line.length || isSpaceOnly(line)) {
      emptyLines++
      continue
    }
    if (records.length >= MAX_LINES) {
      block(null, 'P-05', `文件超过${MAX_LINES}行`)
      break
    }
    readLine(line, lineNo)
  }
  if (lfOnly) notice(null, 'I-01', '文件使用LF换行，导出将使用CRLF')
  if (emptyLines) notice(null, 'I-04', `跳过${emptyLines}个空行`)
  return { records, findings, blocking }

  function readLine(raw: Buffer, n: number) {
    let line = raw
    if (raw.length > length) {
      block(n, 'P-01', `第${n}行长度为${raw.length}字节，超过${length}字节`)
      return
    }
    if (raw.length < length) {
      notice(n, 'I-05', `第${n}行长度为${raw.length}字节，少于${length}字节，已按空格补齐`)
      line = Buffer.concat([raw, Buffer.alloc(length - raw.length, 0x20)])
    }
    // Where each character starts: a field boundary inside a double-byte character is a wrong layout.
    const inside = new Uint8Array(length)
    let badAt = -1
    for (let i = 0; i < length;) {
      const b = line[i]
      if (b < 0x80) i++
      else if (isLead(b) && i + 1 < length && isTrail(line[i + 1])) {
        inside[i + 1] = 1
        i += 2
      } else {
        if (badAt < 0) badAt = i
        i++
      }
    }
    for (let k = 1; k < layout.length; k++)
      if (inside[starts[k]]) {
        block(n, 'P-02', `第${n}行第${starts[k] + 1}字节处截断了汉字，文件与格式设置不符`)
        return
      }
    const values: Record<string, string | number | null> = {}
    let ok = true
    for (let k = 0; k < layout.length; k++) {
      const l = layout[k]
      const slice = line.subarray(starts[k], starts[k] + l.width)
      if (badAt >= starts[k] && badAt < starts[k] + l.width) {
        block(n, 'P-03', `第${n}行 ${l.label} 含有无法识别的字符（请确认文件为GBK编码）`, l.name)
        ok = false
        continue
      }
      const text = isAscii(slice) ? slice.toString('latin1') : decodeGbk(slice)
      const value = readValue(l, text, n)
      if (value === undefined) ok = false
      else values[l.name] = value
    }
    if (!ok) return
    // A number whose bytes are not what an export writes (alignment, decimals, leading zeros).
    for (let k = 0; k < layout.length; k++) {
      const write = canonical[k]
      if (!write || values[layout[k].name] === null) continue
      const want = write(values[layout[k].name])
      const have = line.subarray(starts[k], starts[k] + layout[k].width).toString('latin1')
      if (typeof want === 'string' && want !== have)
        notice(n, 'I-06', `第${n}行 ${layout[k].label} 格式不规范，导出时将写为“${want}”`, layout[k].name)
    }
    records.push({ line: n, values })
  }

  function readValue(l: LayoutField, text: string, n: number): string | number | null | undefined {
    if (l.kind === 'N' || l.kind === 'D') {
      const t = text.trim()
      if (!t) return null
      const pattern =
        l.kind === 'N' || l.decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${l.decimals}})?$`)
      if (!pattern.test(t)) {
        block(n, 'P-04', `第${n}行 ${l.label} 应为数字，实为“${t}”`, l.name)
        return undefined
      }
      return l.kind === 'N' ? Number(t) : t
    }
    const value = l.align === 'R' ? text.replace(/^ +/, '') : text.replace(/ +$/, '')
    return value === '' ? null : value
  }
}

function isAscii(b: Buffer): boolean {
  for (let i = 0; i < b.length; i++) if (b[i] >= 0x80) return false
  return true
}

function isSpaceOnly(b: Buffer): boolean {
  for (let i = 0; i < b.length; i++) if (b[i] !== 0x20 && b[i] !== 0x09 && b[i] !== CR) return false
  return true
}

import { describe, expect, it } from 'vitest'
import { defaultLayout, type LayoutField } from '../../../shared/resources/report/settings'
import { fixed, sumScaled, yuanToWan } from '../../../shared/resources/report/decimal'
import { encodeRecords, recordWriter } from './format'
import { cutToWidth, encodeGbk, gbkWidth } from './gbk'
import { parseTxt } from './parse'

const SJ1 = defaultLayout('sj1')
const CUT = new Set(['equipmentName', 'model', 'specification', 'unitName'])

const scope = {
  schoolCode: '10512',
  equipmentNo: '20230001',
  classCode: '03040501',
  equipmentName: '数字示波器',
  model: 'DSO-X 3024T',
  specification: '*',
  sourceCode: '1',
  countryCode: '840',
  unitPrice: '35800.00',
  purchaseMonth: '202309',
  statusCode: '1',
  useDirection: '1',
  unitCode: '0301',
  unitName: '电子信息学院',
}

describe('GBK widths', () => {
  it('counts ASCII as 1 byte and Chinese as 2, and finds what GBK cannot hold', () => {
    expect(gbkWidth('数字示波器')).toEqual({ width: 10 })
    expect(gbkWidth('DSO-X 3024T')).toEqual({ width: 11 })
    expect(gbkWidth('m²').bad).toBe('²')
    expect(gbkWidth('显示器😀').bad).toBe('😀')
    expect(gbkWidth('€').bad).toBe('€')
  })

  it('cuts after the last whole character that fits, never inside one', () => {
    expect(cutToWidth('数字示波器', 5)).toBe('数字')
    expect(cutToWidth('A数字示波器', 5)).toBe('A数字')
    expect(cutToWidth('abc', 5)).toBe('abc')
  })
})

describe('decimals', () => {
  it('rounds half up on exact decimals and sums before converting 元 to 万元', () => {
    expect(fixed('35800', 2)).toBe('35800.00')
    expect(fixed('0.125', 2)).toBe('0.13')
    expect(fixed('120.50', 0)).toBe('121')
    expect(fixed(1.005, 2)).toBe('1.01')
    // 3 × 0.005万元 would round to 0.03 one by one; summed first it is 0.02 (150元 → 0.015 → 0.02)
    expect(yuanToWan(sumScaled(['50', '50', '50']))).toBe('0.02')
  })
})

describe('TXT record', () => {
  it('writes the worked SJ1 record of the domain notes byte for byte', () => {
    const write = recordWriter(SJ1, CUT)
    const out = write(scope)
    expect(out.problems).toBeUndefined()
    const bytes = encodeRecords([(out as { text: string }).text])
    expect(bytes.length).toBe(187)
    const expected = Buffer.concat([
      Buffer.from('10512' + '20230001' + '03040501'),
      encodeGbk('数字示波器'),
      Buffer.from(' '.repeat(20) + 'DSO-X 3024T' + ' '.repeat(9) + '*' + ' '.repeat(29) + '1' + '840'),
      Buffer.from(' '.repeat(4) + '35800.00' + '202309' + '1' + '1' + '0301' + ' '.repeat(6)),
      encodeGbk('电子信息学院'),
      Buffer.from(' '.repeat(38) + '\r\n'),
    ])
    expect(bytes.equals(expected)).toBe(true)
  })

  it('cuts names at a character boundary and refuses codes and numbers that do not fit', () => {
    const write = recordWriter(SJ1, CUT)
    const long = write({ ...scope, equipmentName: '多功能数字存储示波器与逻辑分析仪组合测试系统' })
    const text = (long as { text: string }).text
    expect(encodeGbk(text).length).toBe(185)
    expect(text).toContain('多功能数字存储示波器与逻辑分析DSO-X') // 15 characters = 30 bytes
    const bad = write({ ...scope, equipmentNo: '202300011', unitPrice: '-5', unitCode: '单位', model: 'x²' })
    expect(bad.problems?.map((p) => [p.ruleId, p.field])).toEqual([
      ['F-02', 'equipmentNo'],
      ['F-03', 'model'],
      ['F-14', 'unitPrice'],
    ])
    const wide = write({ ...scope, unitPrice: '1234567890.00' })
    expect(wide.problems?.[0]).toMatchObject({ ruleId: 'F-02', reason: '超过12字节' })
  })

  it('right-aligns numbers, honours a layout that right-aligns a text field, and writes nulls as spaces', () => {
    const layout: LayoutField[] = [
      { no: 1, name: 'a', label: 'A', width: 6, kind: 'N', decimals: 0, align: 'R' },
      { no: 2, name: 'b', label: 'B', width: 8, kind: 'C', decimals: 0, align: 'R' },
      { no: 3, name: 'c', label: 'C', width: 9, kind: 'D', decimals: 2, align: 'R' },
      { no: 4, name: 'd', label: 'D', width: 4, kind: 'N', decimals: 0, align: 'R' },
    ]
    const out = recordWriter(layout, new Set())({ a: 0, b: '无', c: '12.5', d: null }) as { text: string }
    expect(out.text).toBe('     0' + '      无' + '    12.50' + '    ')
  })
})

describe('TXT import', () => {
  const file = (lines: string[], end = '\r\n') => encodeGbk(lines.map((l) => l + end).join(''))
  const record = (values = scope) => (recordWriter(SJ1, CUT)(values) as { text: string }).text

  it('reads back what it writes: values, Chinese text, nulls', () => {
    const empty = { ...scope, specification: null as unknown as string, model: '型号很长的名称' }
    const parsed = parseTxt(file([record(), record(empty)]), SJ1)
    expect(parsed.findings).toEqual([])
    expect(parsed.records[0].values).toEqual({ ...scope })
    expect(parsed.records[1]).toMatchObject({
      line: 2,
      values: { specification: null, model: '型号很长的名称' },
    })
  })

  it('gives notices for LF, BOM, a last line without its end, empty and short lines, and odd numbers', () => {
    const short = record().slice(0, -10)
    const odd = record().replace('    35800.00', '35800       ')
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      encodeGbk(`${record()}\n\n${short}\n${odd}`),
    ])
    const parsed = parseTxt(bytes, SJ1)
    expect(parsed.blocking).toBe(0)
    expect(parsed.records.map((r) => r.line)).toEqual([1, 3, 4])
    const ids = parsed.findings.map((f) => f.ruleId).sort()
    expect(ids).toEqual(['I-01', 'I-02', 'I-03', 'I-04', 'I-05', 'I-06'])
    expect(parsed.findings.find((f) => f.ruleId === 'I-05')?.message).toBe(
      '第3行长度为175字节，少于185字节，已按空格补齐',
    )
    expect(parsed.findings.find((f) => f.ruleId === 'I-06')?.message).toBe(
      '第4行 单价(元) 格式不规范，导出时将写为“    35800.00”',
    )
  })

  it('blocks lines that are too long, cut a character at a field boundary, are not GBK or not numbers', () => {
    const long = record() + 'X'
    // 仪器名称 starts one byte early: a double-byte character straddles the boundary
    const shifted = record().replace('03040501数字示波器 ', '0304050数字示波器  ')
    const notNumber = record().replace('    35800.00', '         abc')
    const parsed = parseTxt(
      Buffer.concat([
        file([long, shifted, notNumber]),
        Buffer.from('10512'),
        Buffer.from([0xff, 0xfe, 0x41]),
        Buffer.from(' '.repeat(177) + '\r\n'),
      ]),
      SJ1,
    )
    expect(parsed.findings.map((f) => [f.ruleId, f.line])).toEqual([
      ['P-01', 1],
      ['P-02', 2],
      ['P-04', 3],
      ['P-03', 4],
    ])
    expect(parsed.findings[0].message).toBe('第1行长度为186字节，超过185字节')
    expect(parsed.findings[1].message).toBe('第2行第22字节处截断了汉字，文件与格式设置不符')
    expect(parsed.findings[2].message).toBe('第3行 单价(元) 应为数字，实为“abc”')
    expect(parsed.findings[3].message).toBe('第4行 仪器编号 含有无法识别的字符（请确认文件为GBK编码）')
    expect(parsed.records).toEqual([])
  })

  it('refuses a file of more than 300,000 lines', () => {
    const line = Buffer.from(`${'1'.repeat(5)}\r\n`)
    const big = Buffer.alloc(line.length * 300001)
    for (let i = 0; i < 300001; i++) line.copy(big, i * line.length)
    const layout: LayoutField[] = [
      { no: 1, name: 'a', label: 'A', width: 5, kind: 'C', decimals: 0, align: 'L' },
    ]
    const parsed = parseTxt(big, layout)
    expect(parsed.findings.at(-1)).toMatchObject({ ruleId: 'P-05', message: '文件超过300000行' })
  })
})

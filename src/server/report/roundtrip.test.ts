/**
 * Every table's files round-trip through the server (issue 14): a GBK TXT built from the table's
 * default layout (Chinese names, decimals, an empty optional field) is imported by a college, exported
 * as TXT byte for byte the same; its Excel export, imported by another college, gives the same rows and
 * the same TXT again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { defaultLayout } from '../../shared/resources/report/settings'
import {
  REPORT_TABLES,
  TABLE_CODES,
  type ReportField,
  type TableCode,
} from '../../shared/resources/report/tables'
import { download, reportSchool, upload } from './testing'
import { encodeRecords, recordWriter } from './txt/format'
import { cutToWidth, decodeGbk } from './txt/gbk'

let t: TestServer
let school: Awaited<ReturnType<typeof reportSchool>>

const NAMES = ['高效液相色谱仪与自动进样系统', '计算机网络综合实验室', '王小明', '数字电路设计与仿真实验']

/** A value of record `i` for a field that fits its default width. */
function valueOf(f: ReportField, i: number): string | number {
  if (f.name === 'schoolCode') return '10512'
  if (f.codes) return f.codes.items[i % f.codes.items.length][0]
  switch (f.kind) {
    case 'M':
      return `20${String(10 + i)}0${i + 3}`
    case 'Y':
      return String(2010 + i)
    case 'N':
      return Math.min(i * 7 + 3, 10 ** Math.min(f.width, 6) - 1)
    case 'D':
      return f.decimals === 0 ? String(120 + i) : `${12 + i * 3}.${i === 0 ? '05' : `${i}0`}`
  }
  if (f.cut) return cutToWidth(NAMES[(i + f.width) % NAMES.length], f.width)
  return String(i + 1).padStart(Math.min(f.width, 8), '0')
}

/** The field left empty in the second record (the only record of SJ2 / SJ7): optional, not a key. */
function emptyField(table: TableCode): string {
  const fields = REPORT_TABLES[table].fields
  return (fields.find((f) => f.kind === 'C' && f.empty) ?? fields.at(-1)!).name
}

function fixtureOf(table: TableCode) {
  const def = REPORT_TABLES[table]
  const count = def.single ? 1 : 3
  const records = Array.from({ length: count }, (_, i) =>
    Object.fromEntries(def.fields.map((f) => [f.name, valueOf(f, i)])),
  )
  records[Math.min(1, count - 1)][emptyField(table)] = null as never
  const cut = new Set(def.fields.filter((f) => f.cut).map((f) => f.name))
  const write = recordWriter(defaultLayout(table), cut)
  const texts = records.map((r) => {
    const out = write(r)
    if (out.problems) throw new Error(`${table} fixture does not fit: ${JSON.stringify(out.problems)}`)
    return out.text
  })
  return encodeRecords(texts)
}

beforeAll(async () => {
  t = await startTestServer()
  school = await reportSchool(t)
  const office = t.api(school.office)
  await office.post('/api/report/task/save', {
    body: {
      taskName: '2024-2025学年高等学校实验室信息统计',
      academicYear: '2024-2025',
      schoolCode: '10512',
      schoolType: 1,
      collegeSerialNums: '01,02,03',
    },
  })
  const { id } = (await office.get('/api/report/task/page', {})).body.data.records[0]
  await office.post('/api/report/task/submit', { body: { id } })
})
afterAll(() => t?.close())

const scopeOf = (college: string) => ({ taskSerialNum: 'RW2024', collegeSerialNum: college })

async function rowsOf(table: TableCode, college: string) {
  const data = (await t.api(school.staff[college]).get(`/api/report/${table}/getApplyData`, scopeOf(college)))
    .body.data
  const names = REPORT_TABLES[table].fields.map((f) => f.name)
  return (data.records as Record<string, unknown>[]).map((r) =>
    Object.fromEntries(names.map((n) => [n, r[n] ?? null])),
  )
}

describe('each table round-trips through TXT and Excel', () => {
  it.each(TABLE_CODES)(
    '%s: TXT import → TXT export byte for byte; Excel export → import gives the same rows',
    async (table) => {
      const fixture = fixtureOf(table)
      const short = REPORT_TABLES[table].short
      const imported = await upload(
        t,
        school.staff['01'],
        `/api/report/${table}/importData`,
        { name: `${short}10512.txt`, bytes: fixture },
        { mode: 'replace', taskSerialNum: 'RW2024' },
      )
      expect(imported.status, JSON.stringify(imported.body)).toBe(200)
      const count = REPORT_TABLES[table].single ? 1 : 3
      expect(imported.body.data.imported).toBe(count)

      const txt = await download(t, school.staff['01'], `/api/report/${table}/exportTxt`, scopeOf('01'))
      expect(txt.status, txt.bytes.toString()).toBe(200)
      expect(decodeGbk(txt.bytes)).toBe(decodeGbk(fixture))
      expect(txt.bytes.equals(fixture)).toBe(true)

      const rows = await rowsOf(table, '01')
      expect(rows).toHaveLength(count)
      expect(rows[Math.min(1, count - 1)][emptyField(table)]).toBeNull()

      const excel = await download(t, school.staff['01'], `/api/report/${table}/exportExcel`, scopeOf('01'))
      expect(excel.status).toBe(200)
      const again = await upload(
        t,
        school.staff['02'],
        `/api/report/${table}/importData`,
        { name: `${short}.xlsx`, bytes: excel.bytes },
        { mode: 'replace', taskSerialNum: 'RW2024' },
      )
      expect(again.status, JSON.stringify(again.body)).toBe(200)
      expect(await rowsOf(table, '02')).toEqual(rows)
      const txt2 = await download(t, school.staff['02'], `/api/report/${table}/exportTxt`, scopeOf('02'))
      expect(decodeGbk(txt2.bytes)).toBe(decodeGbk(fixture))
      expect(txt2.bytes.equals(fixture)).toBe(true)
    },
  )
})

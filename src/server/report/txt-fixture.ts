/**
 * Test support of the report area: valid GBK TXT fixtures built from each table's default layout, and
 * a school with an issued task (RW2024, colleges 01–03) to import them into.
 */
import type { TestServer } from '../../../tests/support/server'
import { defaultLayout } from '../../shared/resources/report/settings'
import { REPORT_TABLES, type ReportField, type TableCode } from '../../shared/resources/report/tables'
import { issueReportTask, reportSchool } from './testing'
import { encodeRecords, recordWriter } from './txt/format'
import { cutToWidth } from './txt/gbk'

export type FixtureRecord = Record<string, string | number | null>

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
export function emptyField(table: TableCode): string {
  const fields = REPORT_TABLES[table].fields
  return (fields.find((f) => f.kind === 'C' && f.empty) ?? fields.at(-1)!).name
}

/** Records of a table (one for SJ2 / SJ7, else three) whose values fit the default layout. */
export function fixtureRecords(table: TableCode): FixtureRecord[] {
  const def = REPORT_TABLES[table]
  const count = def.single ? 1 : 3
  return Array.from({ length: count }, (_, i) =>
    Object.fromEntries(def.fields.map((f) => [f.name, valueOf(f, i)])),
  )
}

/** The GBK TXT of records, written with the table's default layout. */
export function txtOf(table: TableCode, records: FixtureRecord[]): Buffer {
  const cut = new Set(REPORT_TABLES[table].fields.filter((f) => f.cut).map((f) => f.name))
  const write = recordWriter(defaultLayout(table), cut)
  const texts = records.map((r) => {
    const out = write(r)
    if (out.problems) throw new Error(`${table} fixture does not fit: ${JSON.stringify(out.problems)}`)
    return out.text
  })
  return encodeRecords(texts)
}

/** A school of three colleges and the office's issued task RW2024 (2024-2025) for all of them. */
export async function schoolWithIssuedTask(t: TestServer) {
  const school = await reportSchool(t)
  const office = t.api(school.office)
  await issueReportTask(office)
  return school
}

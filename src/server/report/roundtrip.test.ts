/**
 * Every table's files round-trip through the server (issue 14): a GBK TXT built from the table's
 * default layout (Chinese names, decimals, an empty optional field) is imported by a college, exported
 * as TXT byte for byte the same; its Excel export, imported by another college, gives the same rows and
 * the same TXT again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { REPORT_TABLES, TABLE_CODES, type TableCode } from '../../shared/resources/report/tables'
import { download, upload } from './testing'
import { emptyField, fixtureRecords, schoolWithIssuedTask, txtOf } from './txt-fixture'
import { decodeGbk } from './txt/gbk'

let t: TestServer
let school: Awaited<ReturnType<typeof schoolWithIssuedTask>>

function fixtureOf(table: TableCode) {
  const records = fixtureRecords(table)
  records[Math.min(1, records.length - 1)][emptyField(table)] = null
  return txtOf(table, records)
}

beforeAll(async () => {
  t = await startTestServer()
  school = await schoolWithIssuedTask(t)
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

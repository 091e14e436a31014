/**
 * Equipment figures (issue 17), on a real server over a scratch database:
 *  - import of 50,000 equipment rows from an xlsx: the file parsed as main parses it (SheetJS), the
 *    rows posted to `importData` (commit), against a bare SheetJS parse of the same file; the peak RSS
 *    of this process (the server runs here) during the import;
 *  - the streamed `page-export` of 100,000 rows against a bare SheetJS write of the same rows.
 * Budgets are printed in the notes, never asserted.
 */
import * as XLSX from 'xlsx'
import { addColleges } from '../src/server/base/testing'
import { nextId } from '../src/server/core/ids'
import { assetsEquipment } from '../src/server/db/schema'
import { benchServer, medianOf, must, peakSampler, TENANT } from './harness'
import type { Figure, Suite } from './types'

const IMPORTED = 50_000
const EXPORTED = 100_000

type Row = Omit<Figure, 'suite'>

const item = (i: number) => ({
  equipmentNo: `B${String(i).padStart(7, '0')}`,
  equipmentName: `基准设备${i}`,
  classCode: '03030501',
  model: `DSO-${i % 900}`,
  price: 1000 + (i % 9000),
  purchaseDate: '2024-10-12',
  source: 1,
  countryCode: i % 2 ? '156' : '840',
  statusCode: 1,
  useDirection: 1,
  deptSerial: i % 2 ? '01' : '02',
})

const parse = (file: Buffer) => {
  const book = XLSX.read(file, { type: 'buffer' })
  return XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!)
}

export const assetsSuite: Suite = async () => {
  const server = await benchServer('bench_assets')
  const db = server.database.db
  const rows: Row[] = []
  const peak = peakSampler()
  try {
    const started = performance.now()
    const admin = await server.as('admin')
    await addColleges(db, TENANT, [
      ['01', '物理学院'],
      ['02', '化学学院'],
    ])
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.json_to_sheet(Array.from({ length: IMPORTED }, (_, i) => item(i))),
      '仪器设备',
    )
    const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
    rows.push({
      name: 'set-up: a 50,000-row equipment xlsx',
      value: (performance.now() - started) / 1000,
      unit: 's',
      note: `not a product figure; ${(file.length / 1024 / 1024).toFixed(1)} MiB`,
    })

    // ---- import: parse + importData (commit) against a bare parse ----
    const parseMs = await medianOf(3, async () => parse(file))
    peak.take()
    const t0 = performance.now()
    const parsed = parse(file)
    const answer = must<{ inserted?: number }>(
      await admin.post('/api/assets/equipment/importData', parsed),
      'import',
    )
    const importMs = performance.now() - t0
    const importPeak = peak.take()
    rows.push(
      {
        name: 'import 50,000 equipment rows',
        value: importMs,
        unit: 'ms',
        note: `SheetJS parse + importData commit (${answer.inserted ?? '?'} rows written)`,
      },
      { name: 'baseline: bare SheetJS parse', value: parseMs, unit: 'ms', note: 'same file; median of 3' },
      { name: 'import / parse', value: importMs / parseMs, unit: 'ratio', note: 'budget ≤ 3' },
      {
        name: 'import: peak RSS',
        value: importPeak,
        unit: 'MiB',
        note: 'budget < 400 MB; this process holds the server and the bench client',
      },
    )

    // ---- export 100,000 rows: the other 50,000 in bulk ----
    const more = Array.from({ length: EXPORTED - IMPORTED }, (_, k) => ({
      ...item(IMPORTED + k),
      id: nextId(),
      tenantId: TENANT,
      price: String(item(IMPORTED + k).price),
    }))
    for (let i = 0; i < more.length; i += 1000)
      await db.insert(assetsEquipment).values(more.slice(i, i + 1000) as never)
    peak.take()
    let bytes = 0
    const exportMs = await medianOf(1, async () => {
      const res = await admin.fetch('/api/assets/equipment/page-export', { query: {} })
      if (res.status !== 200) throw new Error(`page-export: ${res.status}`)
      bytes = (await res.arrayBuffer()).byteLength
    })
    const exportPeak = peak.take()
    const everything = await db.select().from(assetsEquipment)
    const writeMs = await medianOf(1, async () => {
      const sheet = XLSX.utils.json_to_sheet(everything)
      const out = XLSX.utils.book_new()
      XLSX.utils.book_append_sheet(out, sheet, '仪器设备')
      return XLSX.write(out, { type: 'buffer', bookType: 'xlsx', compression: true })
    })
    rows.push(
      {
        name: 'export 100,000 equipment rows (streamed)',
        value: exportMs,
        unit: 'ms',
        note: `page-export, ${(bytes / 1024 / 1024).toFixed(1)} MiB; peak RSS ${exportPeak} MiB; median of 1 after a warm-up`,
      },
      {
        name: 'baseline: bare SheetJS write',
        value: writeMs,
        unit: 'ms',
        note: `${everything.length} rows, every column, json_to_sheet + write (compressed); median of 1 after a warm-up`,
      },
      { name: 'export / write', value: exportMs / writeMs, unit: 'ratio', note: 'budget ≤ 2' },
      { name: 'database', value: server.database.kind, unit: '' },
    )
    return rows
  } catch (e) {
    rows.push({ name: 'error', value: String((e as Error).message ?? e).slice(0, 160), unit: '' })
    return rows
  } finally {
    peak.stop()
    await server.close()
  }
}

/**
 * Equipment figures (issue 17):
 *  - import of 50,000 equipment rows from an xlsx: the file parsed as main parses it (SheetJS), the
 *    rows posted to `importData` (commit), against a bare SheetJS parse of the same file. The server
 *    runs in a child process of its own (`src/server/cli.ts` on a scratch database) so that its peak
 *    resident set (VmHWM of /proc/<pid>/status) is the server's alone, not the bench's file and rows;
 *  - the streamed `page-export` of 100,000 rows against a bare SheetJS write of the same rows (the
 *    server in this process).
 * Budgets are printed in the notes, never asserted.
 */
import * as XLSX from 'xlsx'
import { addColleges } from '../src/server/base/testing'
import { nextId } from '../src/server/core/ids'
import { assetsEquipment } from '../src/server/db/schema'
import { childServer } from './child-server'
import { figureRows } from './area-server'
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

const colleges: [string, string][] = [
  ['01', '物理学院'],
  ['02', '化学学院'],
]

/** The import, against the server in its own process: time, and that process's peak resident set. */
async function importFigures(): Promise<Row[]> {
  const started = performance.now()
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.json_to_sheet(Array.from({ length: IMPORTED }, (_, i) => item(i))),
    '仪器设备',
  )
  const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
  const rows: Row[] = [
    {
      name: 'set-up: a 50,000-row equipment xlsx',
      value: (performance.now() - started) / 1000,
      unit: 's',
      note: `not a product figure; ${(file.length / 1024 / 1024).toFixed(1)} MiB`,
    },
  ]
  const parseMs = await medianOf(3, async () => parse(file))
  const server = await childServer('bench_assets', (db) => addColleges(db, TENANT, colleges))
  try {
    const idle = server.rssMiB()
    server.resetPeak()
    const t0 = performance.now()
    const parsed = parse(file)
    const answer = must<{ inserted?: number }>(
      await server.admin.post('/api/assets/equipment/importData', parsed),
      'import',
    )
    const importMs = performance.now() - t0
    const peak = server.peakMiB()
    const ratio = importMs / parseMs
    rows.push(
      {
        name: 'import 50,000 equipment rows',
        value: importMs,
        unit: 'ms',
        note: `SheetJS parse + importData commit (${answer.inserted ?? '?'} rows written)`,
      },
      { name: '  baseline: bare SheetJS parse', value: parseMs, unit: 'ms', note: 'same file; median of 3' },
      {
        name: '  ratio',
        value: ratio,
        unit: '×',
        note: `budget ≤ 3× ${ratio <= 3 ? '(within)' : '(OVER)'}`,
      },
      {
        name: 'import: server peak RSS',
        value: peak,
        unit: 'MiB',
        note: `budget < 400 MB ${peak * 1.048576 < 400 ? '(within)' : '(OVER)'}; server process ${server.pid} alone (VmHWM during the import; ${idle} MiB before it)`,
      },
    )
    return rows
  } finally {
    await server.close()
  }
}

/** The streamed export of 100,000 rows, against a bare SheetJS write of the same rows. */
async function exportFigures(): Promise<Row[]> {
  const server = await benchServer('bench_assets')
  const db = server.database.db
  const peak = peakSampler()
  try {
    const admin = await server.as('admin')
    await addColleges(db, TENANT, colleges)
    const all = Array.from({ length: EXPORTED }, (_, i) => ({
      ...item(i),
      id: nextId(),
      tenantId: TENANT,
      price: String(item(i).price),
    }))
    for (let i = 0; i < all.length; i += 1000)
      await db.insert(assetsEquipment).values(all.slice(i, i + 1000) as never)
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
    const ratio = exportMs / writeMs
    return [
      {
        name: 'export 100,000 equipment rows (streamed)',
        value: exportMs,
        unit: 'ms',
        note: `page-export, ${(bytes / 1024 / 1024).toFixed(1)} MiB; peak RSS ${exportPeak} MiB (bench and server in one process); median of 1 after a warm-up`,
      },
      {
        name: '  baseline: bare SheetJS write',
        value: writeMs,
        unit: 'ms',
        note: `${everything.length} rows, every column, json_to_sheet + write (compressed); median of 1 after a warm-up`,
      },
      {
        name: '  ratio',
        value: ratio,
        unit: '×',
        note: `budget ≤ 2× ${ratio <= 2 ? '(within)' : '(OVER)'}`,
      },
      { name: 'database', value: server.database.kind, unit: '' },
    ]
  } finally {
    peak.stop()
    await server.close()
  }
}

export const assetsSuite: Suite = () => figureRows([importFigures, exportFigures])

/**
 * Figures of a spreadsheet import off main's thread: main's event-loop delay while it runs, and the
 * worker's parse time against a bare SheetJS parse of the same file on this thread.
 */
import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import * as XLSX from 'xlsx'
import { SpreadsheetImports } from '../src/main/files/spreadsheet-import'
import type { Figure } from './types'

/** Watches this process's event loop (main's, in the harness) until `stop`. */
export function eventLoopWatch() {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  return {
    stop(): { max: number; p99: number } {
      histogram.disable()
      return { max: histogram.max / 1e6, p99: histogram.percentile(99) / 1e6 }
    },
  }
}

/** The file through main's import (worker, slices pulled one after another) until the last slice. */
async function workerParse(file: string): Promise<number> {
  const imports = new SpreadsheetImports()
  const started = performance.now()
  const { id } = await imports.start(file)
  let rows = 0
  for (;;) {
    const chunk = await imports.next(id)
    rows += chunk.rows.length
    if (chunk.done) break
  }
  const took = performance.now() - started
  if (!rows) throw new Error('the worker sent no rows')
  return took
}

/** What the old main did: read the file, XLSX.read every sheet, sheet_to_json the first. */
function bareParse(file: string): number {
  const started = performance.now()
  const book = XLSX.read(readFileSync(file), { type: 'buffer', cellDates: true })
  XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { defval: null, raw: true })
  return performance.now() - started
}

export async function parseFigures(file: string, rows: number): Promise<Omit<Figure, 'suite'>[]> {
  // best of two each, alternating, so a busy moment of the shared machine does not decide it
  const worker: number[] = []
  const bare: number[] = []
  for (let i = 0; i < 2; i++) {
    worker.push(await workerParse(file))
    bare.push(bareParse(file))
  }
  const w = Math.min(...worker)
  const b = Math.min(...bare)
  return [
    {
      name: `import ${rows} rows: worker parse to last slice`,
      value: w,
      unit: 'ms',
      note: `bare SheetJS parse of the same file ${Math.round(b)} ms: ${(w / b).toFixed(2)}× (aim ≤ 1.5×)`,
    },
    { name: `import ${rows} rows: bare SheetJS parse (read + sheet_to_json)`, value: b, unit: 'ms' },
  ]
}

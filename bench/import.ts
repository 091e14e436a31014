/**
 * `npm run bench -- import`: main's side of a 50,000-row spreadsheet import without the browser
 * (the resource suite measures it through the dialog too): the worker parses the file while this
 * thread pulls every slice as the renderer would; main's event-loop delay and peak RSS meanwhile,
 * and the worker's time against a bare SheetJS parse of the same file.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SpreadsheetImports } from '../src/main/files/spreadsheet-import'
import { eventLoopWatch, parseFigures } from './import-figures'
import { studentsSheet } from './resource'
import type { Figure, Suite } from './types'

const ROWS = 50_000

export const importSuite: Suite = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lab-bench-import-'))
  const figures: Omit<Figure, 'suite'>[] = []
  try {
    const file = join(dir, 'students.xlsx')
    studentsSheet(file)
    let peak = process.memoryUsage().rss
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25)
    const before = process.memoryUsage().rss
    const loop = eventLoopWatch()
    const started = performance.now()
    const imports = new SpreadsheetImports()
    const { id } = await imports.start(file)
    let rows = 0
    let slices = 0
    for (;;) {
      const chunk = await imports.next(id)
      rows += chunk.rows.length
      slices++
      if (chunk.done) break
    }
    const took = performance.now() - started
    const delay = loop.stop()
    clearInterval(sampler)
    const mb = (b: number) => Math.round(b / 1024 / 1024)
    figures.push(
      {
        name: `import ${ROWS} rows: file to last slice (main pulling)`,
        value: took,
        unit: 'ms',
        note: `${rows} rows in ${slices} slices, xlsx ${Math.round(statSync(file).size / 1024)} KiB`,
      },
      {
        name: 'import: main event-loop delay, max',
        value: delay.max,
        unit: 'ms',
        note: `p99 ${delay.p99.toFixed(1)} ms (monitorEventLoopDelay; aim < 50 ms)`,
      },
      { name: 'import: main event-loop delay, p99', value: delay.p99, unit: 'ms' },
      {
        name: 'import: peak RSS of main (with the worker thread)',
        value: mb(peak),
        unit: 'MiB',
        note: `${mb(before)} MiB before`,
      },
      ...(await parseFigures(file, ROWS)),
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return figures
}

/**
 * Worker-thread entry (bundled as `out/main/spreadsheet-worker.js`): reads and parses one spreadsheet
 * off main's thread and posts the wanted sheet's rows a slice at a time. Imports nothing of main's.
 */
import { readFile } from 'node:fs/promises'
import { parentPort, workerData } from 'node:worker_threads'
import * as XLSX from 'xlsx'
import { headerKeys, rowsBetween } from './spreadsheet-rows'
import type { WorkerJob, WorkerMessage } from './spreadsheet-protocol'

const job = workerData as WorkerJob
const post = (message: WorkerMessage) => parentPort!.postMessage(message)

async function run() {
  let book: XLSX.WorkBook
  try {
    const bytes = await readFile(job.filePath)
    const options = { cellDates: true, dense: true, sheets: job.sheet ?? 0 } as const
    book = /\.csv$/i.test(job.filePath)
      ? XLSX.read(csvText(bytes), { ...options, type: 'string' })
      : XLSX.read(bytes, { ...options, type: 'buffer' })
  } catch {
    post({ type: 'error', message: '无法读取该文件,请选择 Excel 文件' })
    return
  }
  const name = job.sheet ?? book.SheetNames[0]
  const sheet = name === undefined ? undefined : book.Sheets[name]
  if (name === undefined || !sheet) {
    post({ type: 'error', message: job.sheet ? `文件中没有工作表「${job.sheet}」` : '文件中没有工作表' })
    return
  }
  const head = { sheet: name, sheets: book.SheetNames }
  const ref = sheet['!ref']
  if (!ref) {
    post({ type: 'rows', ...head, rows: [], read: 0, total: 0, done: true })
    return
  }
  const range = XLSX.utils.decode_range(ref)
  const keys = headerKeys(sheet, range)
  const total = range.e.r - range.s.r
  // The count is known before any row is converted: the renderer shows 0 / total at once.
  post({ type: 'rows', ...head, rows: [], read: 0, total, done: total === 0 })
  for (let from = range.s.r + 1; from <= range.e.r; from += job.chunkRows) {
    const to = Math.min(from + job.chunkRows - 1, range.e.r)
    const rows = rowsBetween(sheet, range, keys, from, to)
    post({ type: 'rows', ...head, rows, read: to - range.s.r, total, done: to === range.e.r })
  }
}

/** A CSV's text: UTF-8 (with or without a BOM), else GB18030, what Excel saves on a Chinese Windows. */
function csvText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('gb18030').decode(bytes)
  }
}

void run().catch((e: unknown) =>
  post({ type: 'error', message: `无法读取该文件: ${e instanceof Error ? e.message : String(e)}` }),
)

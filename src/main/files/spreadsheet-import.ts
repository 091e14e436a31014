import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { SpreadsheetChunk, SpreadsheetImport } from '@shared/ipc/contract'
import { CallFailure } from '../errors/call-failure'
import type { HostDialog } from '../host/electron-host'
import type { RowsMessage, WorkerJob, WorkerMessage } from './spreadsheet-protocol'

export const SPREADSHEET_MAX_BYTES = 20 * 1024 * 1024
/** Rows per `files:import-next` answer: small enough that no message holds main for long. */
export const SPREADSHEET_CHUNK_ROWS = 2000
/** An import nobody pulls for this long (the window reloaded mid-read) is cancelled. */
export const IMPORT_IDLE_MS = 2 * 60_000

/**
 * The worker: `spreadsheet-worker.js` beside main's bundle, or, when main runs from source (unit
 * tests, the bench under tsx), the TypeScript entry loaded through tsx's require hook.
 */
function startWorker(job: WorkerJob): Worker {
  const built = new URL('./spreadsheet-worker.js', import.meta.url)
  if (existsSync(built)) return new Worker(built, { workerData: job })
  const source = fileURLToPath(new URL('./spreadsheet-worker.ts', import.meta.url))
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(source)})`, {
    eval: true,
    workerData: job,
  })
}

/** One import: the worker's slices queued until the renderer pulls them. */
class ImportJob {
  private readonly queue: RowsMessage[] = []
  private failure: CallFailure | null = null
  private wake: (() => void) | null = null
  private finished = false

  constructor(
    readonly fileName: string,
    private readonly worker: Worker,
  ) {
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'error') this.fail(new CallFailure(m.message, 400))
      else this.queue.push(m)
      if (m.type === 'error' || m.done) this.finished = true
      this.notify()
    })
    worker.on('error', (e) => this.fail(new CallFailure(`无法读取该文件: ${e.message}`, 400)))
    worker.on('exit', () => {
      if (!this.finished) this.fail(new CallFailure('读取文件时出错', 500))
    })
  }

  /** The next slice; waits for the worker when none is queued. */
  async next(): Promise<SpreadsheetChunk> {
    while (!this.queue.length && !this.failure) await new Promise<void>((r) => (this.wake = r))
    const m = this.queue.shift()
    if (!m) throw this.failure!
    const { type: _type, ...chunk } = m
    return chunk
  }

  /** True once the renderer has everything (or the import failed). */
  get over(): boolean {
    return this.finished && !this.queue.length
  }

  stop() {
    this.fail(new CallFailure('已取消导入', 499, true))
    void this.worker.terminate()
  }

  private fail(failure: CallFailure) {
    this.failure ??= failure
    this.finished = true
    this.notify()
  }

  private notify() {
    this.wake?.()
    this.wake = null
  }
}

/**
 * Spreadsheet imports (`files:import-*`): a native open dialog, then the file read and parsed in a
 * worker thread (never on main's thread), only the wanted sheet converted, its rows pulled by the
 * renderer a slice at a time with the count read and the total. Cancel terminates the worker.
 */
export class SpreadsheetImports {
  private readonly jobs = new Map<string, ImportJob>()
  private readonly idle = new Map<string, NodeJS.Timeout>()

  constructor(
    private readonly chunkRows = SPREADSHEET_CHUNK_ROWS,
    private readonly idleMs = IMPORT_IDLE_MS,
  ) {}

  /** Opens the dialog; null when the user cancels. */
  async pick(dialog: HostDialog, title: string, sheet?: string): Promise<SpreadsheetImport | null> {
    const choice = await dialog.showOpenDialog({
      title,
      properties: ['openFile'],
      filters: [{ name: 'Excel', extensions: ['xlsx', 'xls', 'csv'] }],
    })
    const filePath = choice.filePaths[0]
    if (choice.canceled || !filePath) return null
    return this.start(filePath, sheet)
  }

  /** Starts the worker on a file; its rows come from `next`. */
  async start(filePath: string, sheet?: string): Promise<SpreadsheetImport> {
    if ((await stat(filePath)).size > SPREADSHEET_MAX_BYTES) throw new CallFailure('文件不能超过 20MB', 400)
    const worker = startWorker({ filePath, sheet, chunkRows: this.chunkRows })
    // A worker left behind (the window closed mid-import) must not keep the app from quitting.
    worker.unref()
    const id = randomUUID()
    this.jobs.set(id, new ImportJob(basename(filePath), worker))
    this.touch(id)
    return { id, fileName: basename(filePath) }
  }

  async next(id: string): Promise<SpreadsheetChunk> {
    const job = this.jobs.get(id)
    if (!job) throw new CallFailure('导入已结束或已取消', 400)
    // No idle timer while a pull waits for the worker (a large file parses for a while).
    clearTimeout(this.idle.get(id))
    try {
      return await job.next()
    } finally {
      if (job.over) this.cancel(id)
      else this.touch(id)
    }
  }

  cancel(id: string): void {
    clearTimeout(this.idle.get(id))
    this.idle.delete(id)
    this.jobs.get(id)?.stop()
    this.jobs.delete(id)
  }

  private touch(id: string) {
    clearTimeout(this.idle.get(id))
    this.idle.set(id, setTimeout(() => this.cancel(id), this.idleMs).unref())
  }

  /** Ends every import (main stopping). */
  dispose(): void {
    for (const id of [...this.jobs.keys()]) this.cancel(id)
  }
}

import type { SheetRow } from './spreadsheet-rows'

/** What main hands the spreadsheet worker (`workerData`). */
export interface WorkerJob {
  filePath: string
  /** The sheet wanted; the first when absent. */
  sheet?: string
  chunkRows: number
}

/** One slice of the sheet's rows; `read` counts sheet rows after the header, blank ones included. */
export interface RowsMessage {
  type: 'rows'
  sheet: string
  sheets: string[]
  rows: SheetRow[]
  read: number
  total: number
  done: boolean
}

export type WorkerMessage = RowsMessage | { type: 'error'; message: string }

import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import * as XLSX from 'xlsx'
import type { Spreadsheet } from '@shared/ipc/contract'
import { CallFailure } from '../errors/call-failure'
import type { HostDialog } from '../host/electron-host'

export const SPREADSHEET_MAX_BYTES = 20 * 1024 * 1024

/** Opens a native dialog for a spreadsheet and parses it in main; null when the user cancels. */
export async function pickSpreadsheet(dialog: HostDialog): Promise<Spreadsheet | null> {
  const choice = await dialog.showOpenDialog({
    title: '导入',
    properties: ['openFile'],
    filters: [{ name: 'Excel', extensions: ['xlsx', 'xls', 'csv'] }],
  })
  const filePath = choice.filePaths[0]
  if (choice.canceled || !filePath) return null
  return readSpreadsheet(filePath)
}

/** Every sheet as rows keyed by the header row; cells are string, number or null. */
export async function readSpreadsheet(filePath: string): Promise<Spreadsheet> {
  if ((await stat(filePath)).size > SPREADSHEET_MAX_BYTES) throw new CallFailure('文件不能超过 20MB', 400)
  let workbook: XLSX.WorkBook
  try {
    workbook = XLSX.read(await readFile(filePath), { type: 'buffer', cellDates: true })
  } catch {
    throw new CallFailure('无法读取该文件,请选择 Excel 文件', 400)
  }
  return {
    fileName: basename(filePath),
    sheets: workbook.SheetNames.map((name) => ({
      name,
      rows: XLSX.utils
        .sheet_to_json<Record<string, unknown>>(workbook.Sheets[name]!, { defval: null, raw: true })
        .map(toRow),
    })),
  }
}

function toRow(row: Record<string, unknown>): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {}
  for (const [key, value] of Object.entries(row)) out[key] = toCell(value)
  return out
}

function toCell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'number' || typeof value === 'string') return value
  if (value instanceof Date) return value.toISOString()
  return String(value)
}

import { randomUUID } from 'node:crypto'
import { Transform } from 'node:stream'
import type { EventPayload, ExportRequest, ExportResult } from '@shared/ipc/contract'
import type { HostDialog } from '../host/electron-host'
import type { HttpClient } from '../http/client'
import type { Language } from '../i18n/message-text'
import { datedFileName, dialogTitle } from './dialog-text'
import { writeFileSafely } from './safe-write'

/** Progress is reported at most once per this many bytes (plus the final event). */
const PROGRESS_STEP_BYTES = 256 * 1024

/**
 * Saves a server export: the user picks the file in a native save dialog (titled in the UI
 * language, the name proposed with today's date), then the reply streams into a temporary file
 * beside it with `export:progress` events and replaces the chosen file only once complete. A failed
 * download leaves the user's old file as it was.
 */
export async function exportToFile(
  req: ExportRequest,
  deps: {
    dialog: HostDialog
    http: HttpClient
    language: Language
    progress(payload: EventPayload<'export:progress'>): void
    signal?: AbortSignal
  },
): Promise<ExportResult> {
  const id = req.id ?? randomUUID()
  const choice = await deps.dialog.showSaveDialog({
    title: dialogTitle('export', deps.language),
    defaultPath: safeFileName(datedFileName(req.suggestedName)),
    filters: filtersFor(req.suggestedName),
  })
  if (choice.canceled || !choice.filePath) return { id, saved: false, filePath: null, bytes: 0 }
  const filePath = choice.filePath

  let received = 0
  let total: number | null = null
  try {
    const reply = await deps.http.stream({
      method: req.method,
      path: req.path,
      query: req.query,
      body: req.body,
    })
    total = reply.total
    let reported = 0
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length
        if (received - reported >= PROGRESS_STEP_BYTES) {
          reported = received
          deps.progress({ id, received, total, done: false })
        }
        callback(null, chunk)
      },
    })
    await writeFileSafely(filePath, reply.stream, counter, deps.signal)
  } catch (e) {
    deps.progress({ id, received, total, done: true, error: e instanceof Error ? e.message : String(e) })
    throw e
  }
  deps.progress({ id, received, total, done: true })
  return { id, saved: true, filePath, bytes: received }
}

export function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')
}

function filtersFor(name: string) {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]
  return ext ? [{ name: ext.toUpperCase(), extensions: [ext] }] : []
}

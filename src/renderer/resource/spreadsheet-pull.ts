import type { Cell } from './importRows'

export interface PullProgress {
  fileName: string
  read: number
  /** null until the worker has parsed the file and counted its rows. */
  total: number | null
}

export interface PulledSheet {
  name: string
  rows: Record<string, Cell>[]
}

/**
 * One spreadsheet import through main: the native open dialog, then the rows pulled a slice at a
 * time (`files:import-next`) while main's worker parses the file, reporting each slice's progress.
 * Resolves to the whole sheet, or null when the user cancelled the dialog or called `cancel()`.
 */
export function pullSpreadsheet(onProgress: (p: PullProgress) => void): {
  done: Promise<PulledSheet | null>
  cancel: () => void
} {
  let id: string | null = null
  let cancelled = false
  const cancel = () => {
    cancelled = true
    if (id) void window.api.files.importCancel(id).catch(() => undefined)
  }
  const done = (async (): Promise<PulledSheet | null> => {
    const started = await window.api.files.importSpreadsheet()
    if (!started) return null
    id = started.id
    if (cancelled) {
      cancel()
      return null
    }
    onProgress({ fileName: started.fileName, read: 0, total: null })
    const rows: Record<string, Cell>[] = []
    for (;;) {
      let chunk
      try {
        chunk = await window.api.files.importNext(started.id)
      } catch (e) {
        if (cancelled) return null
        throw e
      }
      if (cancelled) return null
      for (const row of chunk.rows) rows.push(row)
      onProgress({ fileName: started.fileName, read: chunk.read, total: chunk.total })
      if (chunk.done) return { name: started.fileName, rows }
    }
  })()
  return { done, cancel }
}

import { create } from 'zustand'
import type { ErrorLogEntry } from '../../shared/ipc/api'

interface ErrorLogState {
  entries: ErrorLogEntry[]
  refresh: () => Promise<void>
}

/** The local error log (kept by main), mirrored for the badge and the dialog. */
export const useErrorLog = create<ErrorLogState>((set) => ({
  entries: [],
  refresh: async () => {
    const entries = await window.api.errorLog.list().catch(() => [] as ErrorLogEntry[])
    set({ entries })
  },
}))

function clip(text: string | undefined, max: number): string | undefined {
  return text === undefined ? undefined : text.slice(0, max)
}

/** Records a UI error `{type:'error', url, message, stack, info, time}` through the bridge. */
export function recordError(error: unknown, info?: string): void {
  const err =
    error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error))
  const entry: ErrorLogEntry = {
    type: 'error',
    url: clip(window.location.hash || window.location.href, 1000) ?? '',
    message: clip(err.message || String(error), 4000) ?? '',
    stack: clip(err.stack, 20000),
    info: clip(info, 4000),
    time: new Date().toISOString(),
  }
  void window.api.errorLog
    .add(entry)
    .then(() => useErrorLog.getState().refresh())
    .catch(() => undefined)
}

/**
 * Chromium reports a ResizeObserver callback that resized what it observes (as Fluent's Overflow
 * and the windowed grid do on purpose) as an error event; the notifications arrive next frame, so
 * it is no bug of ours and would only fill the user's error log.
 */
const BENIGN_BROWSER_NOTICES =
  /^ResizeObserver loop (completed with undelivered notifications|limit exceeded)/

/** window.onerror and unhandled rejections go to the error log (the React boundary does the rest). */
export function installGlobalErrorHandlers(): void {
  window.addEventListener('error', (event) => {
    if (!event.error && BENIGN_BROWSER_NOTICES.test(event.message)) return
    recordError(event.error ?? event.message, 'window.onerror')
  })
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason
    // Failed server calls already showed their message; they are not UI bugs.
    if (reason && typeof reason === 'object' && 'status' in reason && 'silent' in reason) return
    recordError(reason, 'unhandledrejection')
  })
}

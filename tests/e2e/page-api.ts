import type { Page } from 'playwright'
import type { LabApi } from '../../src/shared/ipc/api'

/** Calls `window.api` inside the page, as the renderer would (through the real preload and IPC). */
export function pageApi<T>(page: Page, call: (api: LabApi) => Promise<T>): Promise<T> {
  return page.evaluate(`(${call.toString()})(window.api)`) as Promise<T>
}

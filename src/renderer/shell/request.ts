import { isCallError, type ApiCallRequest } from '../../shared/ipc/api'
import { t } from '../i18n'
import { notify } from './notify'

/**
 * The one way screens call the server: `request<T>({method, path, query, body})` resolves to the
 * envelope's `data`. On failure the server's message is shown as an error toast (unless the call
 * is marked silent) and the promise rejects with the `CallError`, so callers only handle outcomes.
 */
export async function request<T = unknown>(req: ApiCallRequest): Promise<T> {
  try {
    return await window.api.api.call<T>(req)
  } catch (error) {
    showCallError(error)
    throw error
  }
}

/** A GET that never toasts: for optional data (an endpoint the server may not have yet). */
export async function quietGet<T = unknown>(path: string, query?: ApiCallRequest['query']): Promise<T> {
  return window.api.api.call<T>({ method: 'GET', path, query })
}

export function showCallError(error: unknown): void {
  if (isCallError(error)) {
    if (!error.silent) notify.error(error.message || t('common.unknownError'))
  } else {
    notify.error(error instanceof Error ? error.message : t('common.unknownError'))
  }
}

export function errorMessage(error: unknown): string {
  if (isCallError(error)) return error.message || t('common.unknownError')
  if (error instanceof Error) return error.message
  return t('common.unknownError')
}

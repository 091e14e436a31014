import { isCallError, type ApiCallRequest } from '../../shared/ipc/api'
import { fillPath, type AnswerOf, type AnyEndpoint, type CallInput } from '../../shared/api/endpoint'
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

/**
 * Calls an endpoint of `src/shared/api`, typed by it: the input's `query`/`body` follow its schemas and
 * the promise resolves to its answer. Errors toast and reject like `request`.
 */
export function call<E extends AnyEndpoint>(endpoint: E, ...[input]: OptionalInput<E>): Promise<AnswerOf<E>> {
  return request<AnswerOf<E>>(toRequest(endpoint, input))
}

/**
 * `call` without the error toast: for optional data the screen can do without. Async, so a missing
 * bridge (a unit test without main) is a rejection the caller's `catch` sees, never a throw.
 */
export async function quietCall<E extends AnyEndpoint>(
  endpoint: E,
  ...[input]: OptionalInput<E>
): Promise<AnswerOf<E>> {
  return window.api.api.call<AnswerOf<E>>(toRequest(endpoint, input))
}

/** The input may be left out when nothing in it is required. */
type OptionalInput<E extends AnyEndpoint> =
  Record<string, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]

/** The IPC request of an endpoint call (also what `files.export` takes for a file endpoint). */
export function toRequest<E extends AnyEndpoint>(endpoint: E, input?: CallInput<E>): ApiCallRequest {
  const { query, body, params } = (input ?? {}) as {
    query?: unknown
    body?: unknown
    params?: Record<string, string | number>
  }
  return {
    method: endpoint.method,
    path: fillPath(endpoint.path, params),
    query: definedOnly(query) as ApiCallRequest['query'],
    body,
  }
}

/**
 * The query without its `undefined` entries: an optional parameter left out of a typed call is
 * `undefined`, which the IPC contract (and a URL) has no value for.
 */
function definedOnly(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined))
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

import type { CallError } from '@shared/ipc/contract'

/** A failure the renderer is told about as a `CallError` (message, status, silent). */
export class CallFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly silent = false,
  ) {
    super(message)
    this.name = 'CallFailure'
  }

  toCallError(): CallError {
    return { message: this.message, status: this.status, silent: this.silent }
  }
}

export const UNKNOWN_ERROR = '未知错误'

/** Any thrown value as the `CallError` the renderer receives. */
export function toCallError(e: unknown): CallError {
  if (e instanceof CallFailure) return e.toCallError()
  const message = e instanceof Error && e.message ? e.message : UNKNOWN_ERROR
  return { message, status: 500, silent: false }
}

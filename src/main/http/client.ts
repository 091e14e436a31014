import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios'
import { Readable } from 'node:stream'
import type { ApiCallRequest } from '@shared/ipc/contract'
import { CallFailure, UNKNOWN_ERROR } from '../errors/call-failure'
import { serializeQuery } from './query'
import { fetchTransport, type HostFetch } from '../network/transport'

/** The desktop client's OAuth client (a row the server seeds; not a secret in the BladeX model). */
export const DESKTOP_CLIENT = { id: 'lab_desktop', secret: 'lab_desktop_secret' } as const
export const REQUEST_TIMEOUT_MS = 600_000

export interface HttpClientOptions {
  /** The server's base URL (no trailing slash), read per call: the embedded server starts later. */
  baseUrl(): string
  tenantId(): string
  /** The current access token, or null when signed out. */
  accessToken(): string | null
  /**
   * A 401 to a call that may carry a token: get a new access token (one refresh shared by every
   * caller). Resolves true when there is one, and the call is sent once more; false rejects the 401.
   */
  onUnauthorized(message: string): Promise<boolean> | boolean
  /** Every answer says the server is reachable; a connection failure (status 0) that it is not. */
  onReachable?(reachable: boolean): void
  /** Statuses rejected without a message (`silent: true`). */
  statusWhiteList?: readonly number[]
  /** Resolves when the server can be called (an embedded server restarting); bounded by its caller. */
  ready?(): Promise<void>
  /** The host's fetch (Electron's network); absent: Node's http without any proxy. */
  fetch?: HostFetch
}

export interface RequestOptions {
  method: string
  path: string
  query?: ApiCallRequest['query']
  body?: unknown
  headers?: Record<string, string>
  /** Send no Blade-Auth header even when signed in (token endpoint, registration). */
  withoutToken?: boolean
  /** Aborts the call (a refresh that took too long). */
  signal?: AbortSignal
  /** Overrides the long default timeout (refresh calls are short). */
  timeoutMs?: number
}

/**
 * The one HTTP client of the desktop app. Every call carries the desktop client's Basic header, the
 * tenant and (when signed in) `Blade-Auth: bearer <token>`. Statuses 200–500 are answers; the status
 * that counts is `data.code || status` (BladeX sometimes answers HTTP 200 with `{code: 401}`); anything
 * but 200 rejects with the server's `msg` or `error_description`, else 未知错误. A 401 to a call with a
 * token gets one refresh (`onUnauthorized`) and one retry before it rejects.
 */
export class HttpClient {
  readonly axios: AxiosInstance

  constructor(private readonly options: HttpClientOptions) {
    this.axios = axios.create({
      timeout: REQUEST_TIMEOUT_MS,
      validateStatus: (status) => status >= 200 && status <= 500,
      paramsSerializer: { serialize: serializeQuery },
      // Never follow a redirect to somewhere else with our headers.
      maxRedirects: 0,
      ...(options.fetch ? { adapter: fetchTransport(options.fetch) } : { proxy: false }),
    })
  }

  /** Calls the server and resolves to the whole reply body (envelope or raw BladeX shape). */
  async request<T = unknown>(req: RequestOptions): Promise<T> {
    const sentWith = this.tokenFor(req)
    let response = await this.send<unknown>(req, {})
    if (isUnauthorized(response.status, response.data) && (await this.renewed(req, sentWith, response.data)))
      response = await this.send<unknown>(req, {})
    await this.check(response.status, response.data)
    return response.data as T
  }

  /** `api:call`: resolves to the envelope's `data`, or the whole body when it is not an envelope. */
  async call(req: ApiCallRequest): Promise<unknown> {
    const body = await this.request<unknown>(req)
    return isEnvelope(body) ? body.data : body
  }

  /**
   * A streamed reply (exports). A non-200 reply, or a JSON envelope whose code is not 200, is read
   * and rejected like any call; anything else streams as it arrives.
   */
  async stream(req: RequestOptions): Promise<{ stream: Readable; total: number | null }> {
    return this.streamOnce(req, true)
  }

  private async streamOnce(
    req: RequestOptions,
    mayRetry: boolean,
  ): Promise<{ stream: Readable; total: number | null }> {
    const sentWith = this.tokenFor(req)
    const response = await this.send<Readable>(req, { responseType: 'stream' })
    const isJson = String(response.headers['content-type'] ?? '').includes('application/json')
    if (response.status !== 200 || isJson) {
      const bytes = await readAll(response.data)
      const data = parseJson(bytes.toString('utf8'))
      if (mayRetry && isUnauthorized(response.status, data) && (await this.renewed(req, sentWith, data)))
        return this.streamOnce(req, false)
      await this.check(response.status, data)
      return { stream: Readable.from([bytes]), total: bytes.length }
    }
    const length = Number(response.headers['content-length'])
    return { stream: response.data, total: Number.isFinite(length) && length > 0 ? length : null }
  }

  private tokenFor(req: RequestOptions): string | null {
    return req.withoutToken ? null : this.options.accessToken()
  }

  /** After a 401: true when the call should go once more with a (now) newer token. */
  private async renewed(req: RequestOptions, sentWith: string | null, data: unknown): Promise<boolean> {
    if (req.withoutToken) return false
    // Another call refreshed while this one was on its way: just send it again.
    const current = this.options.accessToken()
    if (current && current !== sentWith) return true
    return (await this.options.onUnauthorized(serverMessage(data))) === true
  }

  private async send<T>(req: RequestOptions, extra: AxiosRequestConfig): Promise<AxiosResponse<T>> {
    await this.options.ready?.()
    const token = this.tokenFor(req)
    const headers: Record<string, string> = {
      Authorization: `Basic ${Buffer.from(`${DESKTOP_CLIENT.id}:${DESKTOP_CLIENT.secret}`).toString('base64')}`,
      'Tenant-Id': this.options.tenantId(),
      ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}),
      ...req.headers,
    }
    try {
      const response = await this.axios.request<T>({
        baseURL: this.options.baseUrl(),
        url: req.path,
        method: req.method,
        params: req.query,
        data: req.body,
        // No body, no Content-Type: a bodiless POST must not claim to be a form (servers answer 415).
        headers: req.body === undefined ? { ...headers, 'Content-Type': false } : headers,
        ...(req.signal ? { signal: req.signal } : {}),
        ...(req.timeoutMs ? { timeout: req.timeoutMs } : {}),
        ...extra,
      })
      this.options.onReachable?.(true)
      return response
    } catch (e) {
      const failure = networkFailure(e)
      if (failure.status === 0) this.options.onReachable?.(false)
      throw failure
    }
  }

  private async check(httpStatus: number, data: unknown): Promise<void> {
    const code = statusOf(httpStatus, data)
    if (code === 200) return
    const message = serverMessage(data)
    if (this.options.statusWhiteList?.includes(code)) throw new CallFailure(message, code, true)
    throw new CallFailure(message, code)
  }
}

function statusOf(httpStatus: number, data: unknown): number {
  return isRecord(data) && typeof data.code === 'number' && data.code !== 0 ? data.code : httpStatus
}

function isUnauthorized(httpStatus: number, data: unknown): boolean {
  return statusOf(httpStatus, data) === 401
}

function serverMessage(data: unknown): string {
  if (isRecord(data)) {
    if (typeof data.msg === 'string' && data.msg) return data.msg
    if (typeof data.error_description === 'string' && data.error_description) return data.error_description
  }
  return UNKNOWN_ERROR
}

function networkFailure(e: unknown): CallFailure {
  if (e instanceof AxiosError) {
    if (e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT') return new CallFailure('请求超时', 0)
    if (
      e.code === 'ERR_FR_TOO_MANY_REDIRECTS' ||
      (e.response && e.response.status >= 300 && e.response.status < 400)
    )
      return new CallFailure('服务器返回了重定向,已拒绝', e.response?.status ?? 0)
    return new CallFailure(`无法连接服务器 (${e.code ?? e.message})`, 0)
  }
  return new CallFailure(UNKNOWN_ERROR, 0)
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function isEnvelope(v: unknown): v is { code?: number; success: boolean; data: unknown; msg: string } {
  return isRecord(v) && 'success' in v && 'data' in v && 'code' in v
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

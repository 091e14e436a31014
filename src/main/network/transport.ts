import axios, { type AxiosAdapter } from 'axios'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'

/** A WHATWG fetch: Electron's `net.fetch` (Chromium's network: system proxy, PAC, OS trust store), or Node's. */
export type HostFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/**
 * axios's fetch adapter over the host's fetch, so API calls take the same network path as the single
 * sign-on window and the updater. A streamed reply (exports) arrives as a web stream; it is handed on as
 * the Node stream the rest of the client reads, still streaming.
 */
export function fetchTransport(fetch: HostFetch): AxiosAdapter {
  const adapter = axios.getAdapter('fetch', { env: { fetch } })
  return async (config) => {
    // axios's default POST type would stay on a FormData body; fetch then sends no multipart boundary.
    if (config.data instanceof FormData) config.headers.delete('Content-Type')
    const response = await adapter(config)
    if (config.responseType === 'stream' && response.data && !(response.data instanceof Readable))
      response.data = Readable.fromWeb(response.data as WebReadableStream)
    return response
  }
}

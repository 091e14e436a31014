import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpClient } from '../http/client'

/** A loopback server that records what it got and answers JSON, or 3 chunks of bytes for /export. */
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = []
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (c) => (body += c))
  req.on('end', () => {
    received.push({ headers: req.headers, body })
    if (req.url === '/export') {
      res.setHeader('content-type', 'application/octet-stream')
      res.write('a')
      res.write('b')
      res.end('c')
    } else {
      res.setHeader('content-type', 'application/json')
      res.end('{"code":200,"data":"ok"}')
    }
  })
})
let http: HttpClient
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  http = new HttpClient({
    baseUrl: () => url,
    tenantId: () => '000000',
    accessToken: () => null,
    onUnauthorized: async () => false,
    fetch,
  })
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('HttpClient over the host fetch', () => {
  it('sends a FormData upload as multipart with its boundary', async () => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'me.png')
    await http.call({ method: 'POST', path: '/upload', body: form })
    const last = received[received.length - 1]
    expect(last.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(last.body).toContain('filename="me.png"')
  })

  it('hands a streamed reply on as a Node stream', async () => {
    const { stream } = await http.stream({ method: 'GET', path: '/export' })
    expect(stream).toBeInstanceOf(Readable)
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(Buffer.from(chunk))
    expect(Buffer.concat(chunks).toString()).toBe('abc')
  })
})

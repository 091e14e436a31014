import { describe, expect, it } from 'vitest'
import type { HostIpc, InvokeEvent } from '../host/electron-host'
import { IpcRouter, UNTRUSTED_SENDER } from './router'
import { createSenderCheck } from './sender'

const APP_URL = 'file:///opt/lab/resources/app/out/renderer/index.html'

/** A minimal ipcMain: keeps the handlers and lets the test invoke them with any event. */
function fakeIpc() {
  const handlers = new Map<string, (event: InvokeEvent, payload: unknown) => Promise<unknown>>()
  const ipc: HostIpc = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
  }
  const invoke = (channel: string, payload: unknown, event: InvokeEvent = ourMainFrame()) => {
    const handler = handlers.get(channel)
    if (!handler) throw new Error(`no handler for ${channel}`)
    return handler(event, payload)
  }
  return { ipc, invoke, handlers }
}

function ourMainFrame(url = `${APP_URL}#/login`): InvokeEvent {
  return { sender: { id: 1 }, senderFrame: { url, parent: null } }
}

function router() {
  const f = fakeIpc()
  const r = new IpcRouter(
    f.ipc,
    createSenderCheck(APP_URL, (id) => id === 1),
  )
  const seen: unknown[] = []
  r.handle('api:call', async (req) => {
    seen.push(req)
    return { echoed: req.path }
  })
  r.handle('session:lock', async () => undefined)
  return { ...f, router: r, seen }
}

describe('IpcRouter', () => {
  it('passes a valid request from our main frame to the handler and wraps the value', async () => {
    const r = router()
    const result = await r.invoke('api:call', {
      method: 'GET',
      path: '/api/blade-system/param/list',
      query: { current: 1 },
    })
    expect(result).toEqual({ ok: true, value: { echoed: '/api/blade-system/param/list' } })
    expect(r.seen).toHaveLength(1)
  })

  it.each([
    ['an absolute URL', 'https://evil.example/api/x'],
    ['a path outside /api/', '/internal/admin'],
    ['a parent segment', '/api/blade-system/../../etc/passwd'],
    ['a query string in the path', '/api/blade-system/param/list?x=1'],
    ['a double slash', '/api//blade-system'],
  ])('rejects %s as a path without calling the handler', async (_what, path) => {
    const r = router()
    const result = (await r.invoke('api:call', { method: 'GET', path })) as {
      ok: boolean
      error: { status: number; message: string }
    }
    expect(result.ok).toBe(false)
    expect(result.error.status).toBe(400)
    expect(result.error.message).toMatch(/^请求参数不正确/)
    expect(r.seen).toHaveLength(0)
  })

  it('rejects a method outside the contract and a missing payload', async () => {
    const r = router()
    expect(await r.invoke('api:call', { method: 'PATCH', path: '/api/x' })).toMatchObject({
      ok: false,
      error: { status: 400 },
    })
    expect(await r.invoke('api:call', undefined)).toMatchObject({ ok: false, error: { status: 400 } })
    expect(r.seen).toHaveLength(0)
  })

  it('reports the Chinese message of the schema (empty lock password)', async () => {
    const r = router()
    expect(await r.invoke('session:lock', { password: '' })).toEqual({
      ok: false,
      error: { message: '请求参数不正确: 锁屏密码不能为空 (password)', status: 400, silent: false },
    })
  })

  it.each([
    ['an iframe of our page', { sender: { id: 1 }, senderFrame: { url: APP_URL, parent: {} } }],
    [
      'another page in our window',
      { sender: { id: 1 }, senderFrame: { url: 'https://evil.example/', parent: null } },
    ],
    [
      'another local file',
      { sender: { id: 1 }, senderFrame: { url: 'file:///tmp/evil.html', parent: null } },
    ],
    ['a webContents that is not ours', { sender: { id: 2 }, senderFrame: { url: APP_URL, parent: null } }],
    ['a frame already gone', { sender: { id: 1 }, senderFrame: null }],
  ])('refuses a message from %s', async (_what, event) => {
    const r = router()
    const result = await r.invoke('api:call', { method: 'GET', path: '/api/x' }, event as InvokeEvent)
    expect(result).toEqual({ ok: false, error: { message: UNTRUSTED_SENDER, status: 403, silent: false } })
    expect(r.seen).toHaveLength(0)
  })

  it('turns a thrown error into a CallError and lists channels without a handler', async () => {
    const f = fakeIpc()
    const r = new IpcRouter(f.ipc, () => true)
    r.handle('session:state', async () => {
      throw new Error('boom')
    })
    expect(await f.invoke('session:state', undefined)).toEqual({
      ok: false,
      error: { message: 'boom', status: 500, silent: false },
    })
    expect(r.missing()).toContain('api:call')
    expect(r.missing()).not.toContain('session:state')
    r.dispose()
    expect(f.handlers.size).toBe(0)
  })

  it('accepts a dev-server page by origin', async () => {
    const check = createSenderCheck('http://localhost:5173/', () => true)
    expect(
      check({ sender: { id: 1 }, senderFrame: { url: 'http://localhost:5173/#/wel/index', parent: null } }),
    ).toBe(true)
    expect(check({ sender: { id: 1 }, senderFrame: { url: 'http://localhost:5174/', parent: null } })).toBe(
      false,
    )
  })
  it('accepts the app:// scheme by scheme and host, and nothing else', async () => {
    const check = createSenderCheck('app://lab/index.html', () => true)
    const from = (url: string, parent: unknown = null) =>
      check({ sender: { id: 1 }, senderFrame: { url, parent } })
    expect(from('app://lab/index.html#/wel/index')).toBe(true)
    expect(from('app://lab/index.html', {})).toBe(false)
    expect(from('app://other/index.html')).toBe(false)
    expect(from('https://lab/index.html')).toBe(false)
    expect(from('file:///opt/lab/resources/app/out/renderer/index.html')).toBe(false)
  })
})

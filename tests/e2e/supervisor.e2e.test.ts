import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'
import { describe, expect, it } from 'vitest'
import { DATA_DIR_LOCK_NAME } from '../../src/shared/embedded-server'
import { useLabApp } from './fixture'
import { pageApi } from './page-api'

// A first start (migrations, seeding) takes minutes on a busy two-core machine; main's 120 s is for a PC.
const SLOW_START_MS = 300_000

// No app per test: each launches its own on the embedded server.
const t = useLabApp('supervisor', null)

const USER_VARIABLES = {
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
  PORT: '1',
  LAB_DEMO: '1',
}

describe('the supervised embedded server', () => {
  it("ignores the user's DATABASE_URL/PORT/LAB_DEMO, comes back after being killed, and the next call works; all of it logged", async () => {
    Object.assign(process.env, USER_VARIABLES)
    try {
      const app = await t.launch({ embedded: true, serverStartTimeoutMs: SLOW_START_MS })
      // The start-up screen at once, then the sign-in form once the server is up.
      await app.page.getByText('正在启动内置服务器…').waitFor()
      await app.main.whenStarted()
      await app.page.getByRole('button', { name: '登录' }).waitFor()
      // Started on its own database and port: the user's DATABASE_URL would not connect, PORT=1 is not it.
      expect(app.main.serverStatus()).toEqual({ state: 'ready' })
      expect(new URL(app.main.serverUrl).port).not.toBe('1')
      const server = app.main.server!
      expect(await server.request({ kind: 'ping' })).toBe('pong')

      const pid = server.pid()!
      process.kill(pid, 'SIGKILL')
      await expect
        .poll(() => app.events.some((e) => (e.payload as { state?: string }).state === 'restarting'))
        .toBe(true)
      // The user's next call waits for the restarted server instead of failing.
      const captcha = await pageApi(app.page, (api) => api.session.captcha())
      expect(captcha).toMatchObject({ key: expect.any(String) })
      expect(server.status().state).toBe('ready')
      expect(server.pid()).not.toBe(pid)
      expect(app.host.dialog.shown.filter((m) => m.type === 'error')).toEqual([])

      const logged = readFileSync(app.main.logFile, 'utf8')
      expect(app.main.logFile).toBe(join(app.host.logDir, 'main.log'))
      expect(logged).toContain('embedded server exited unexpectedly')
      expect(logged.match(/embedded server ready on/g)).toHaveLength(2)
    } finally {
      for (const name of Object.keys(USER_VARIABLES)) delete process.env[name]
    }
  }, 600_000)

  it('a data folder held by another program ends in a clear dialog, not a second server', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lab-e2e-'))
    // This test process is the other program.
    const release = await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, DATA_DIR_LOCK_NAME),
      realpath: false,
    })
    try {
      const app = await t.launch({
        embedded: true,
        localDataDir: dataDir,
        serverStartTimeoutMs: SLOW_START_MS,
      })
      await app.main.whenStarted()
      expect(app.main.serverStatus()).toMatchObject({
        state: 'failed',
        message: '该数据目录正被另一个程序使用',
      })
      expect(app.host.dialog.shown).toContainEqual(
        expect.objectContaining({ type: 'error', message: '该数据目录正被另一个程序使用' }),
      )
      await app.page.getByText('内置服务器无法启动').waitFor()
      // The server's own output (its stderr here) is in main's log, under its scope.
      expect(readFileSync(app.main.logFile, 'utf8')).toMatch(/\(server\) 该数据目录正被另一个程序使用/)
      await app.screenshot('data folder in use')
    } finally {
      await release()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 600_000)
})

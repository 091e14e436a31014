import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { TestHost } from '../../../tests/host/test-host'
import { forkUtilityInNode } from '../../../tests/host/utility-process'
import { configureLog } from '../log'
import { SupervisedServer, type ServerStatus } from './supervisor'

const STAND_IN = fileURLToPath(new URL('../../../tests/host/fixtures/exiting-server.mjs', import.meta.url))

describe('the supervisor', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  function supervise(exitCode: string | null, options: { startTimeoutMs?: number } = {}) {
    dir = mkdtempSync(join(tmpdir(), 'lab-supervisor-'))
    const host = new TestHost({
      userDataDir: dir,
      // The stand-in reads its exit code from the environment the supervisor gives it.
      forkUtility: (path, env) => forkUtilityInNode(path, exitCode ? { ...env, EXIT_CODE: exitCode } : env),
    })
    const logFile = configureLog(host.logDir)
    const statuses: ServerStatus[] = []
    const server = new SupervisedServer({
      host,
      dataDir: dir,
      modulePath: STAND_IN,
      logFile,
      backoffMs: 10,
      onStatus: (s) => statuses.push(s),
      ...options,
    })
    return { host, server, statuses, logFile }
  }

  it('restarts a crashing server with backoff and, at the third crash, fails with a dialog naming the log file', async () => {
    const { host, server, statuses, logFile } = supervise('1')
    server.start()
    await server.waitReady()
    expect(statuses.map((s) => s.state)).toEqual([
      'starting',
      'restarting',
      'restarting',
      'restarting',
      'restarting',
      'failed',
    ])
    expect(statuses[1]!.message).toContain('0.01 秒后重新启动')
    expect(statuses[3]!.message).toContain('0.02 秒后重新启动')
    expect(server.status()).toMatchObject({ state: 'failed', logFile })
    expect(host.dialog.shown).toEqual([
      expect.objectContaining({ type: 'error', message: '内置服务器在 5 分钟内崩溃了 3 次' }),
    ])
    expect(host.dialog.shown[0]!.detail).toContain(logFile)
    // The server's stderr reached the log.
    expect(readFileSync(logFile, 'utf8')).toContain('stand-in server failing')
  })

  it('does not restart a server whose data folder is held by another program, and says so', async () => {
    const { host, server, statuses } = supervise('73')
    server.start()
    await server.waitReady()
    expect(statuses.map((s) => s.state)).toEqual(['starting', 'failed'])
    expect(host.dialog.shown).toEqual([
      expect.objectContaining({ type: 'error', message: '该数据目录正被另一个程序使用' }),
    ])
  })

  it('gives up on a server that does not get ready in time', async () => {
    const { host, server } = supervise(null, { startTimeoutMs: 300 })
    server.start()
    await server.waitReady()
    expect(server.status()).toMatchObject({ state: 'failed', message: '内置服务器在 0 秒内未能启动' })
    expect(host.dialog.shown).toHaveLength(1)
    await server.stop()
  })
})

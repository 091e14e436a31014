import { afterAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import { openDatabase } from './db/client'
import { startServer } from './bootstrap'
import { menu, roleMenu, setting, user } from './db/schema'
import { md5Hex } from './auth/passwords'
import { menuRows } from './seed/menus'
import { passwordGrant } from '../../tests/support/server'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lab-boot-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

const config = { fileDir: '', demo: false, logger: false }
// A fresh database is migrated and seeded in each test: minutes on a busy machine.
const SLOW = { timeout: 600_000 }

describe('startServer', () => {
  it(
    'seeds on first start with a generated admin password, keeps data and secret on the next start',
    SLOW,
    async () => {
      const dataDir = tempDir()
      const first = await openDatabase({ dataDir })
      const started = await startServer({ database: first, config })
      expect(started.adminPassword).toMatch(/^[A-Za-z0-9]{16}$/)
      expect(started.generatedPasswords!['account.initPassword']).toMatch(/^[A-Za-z0-9]{10}$/)
      const [secret] = await first.db.select().from(setting).where(eq(setting.key, 'jwt.secret'))
      expect(Buffer.from(secret.value, 'base64url')).toHaveLength(64)
      expect(await first.db.select().from(menu)).toHaveLength(menuRows.length)
      expect((await first.db.select().from(roleMenu)).length).toBeGreaterThan(menuRows.length)
      await started.app.close()
      await first.close()

      const again = await openDatabase({ dataDir })
      const restarted = await startServer({ database: again, config })
      expect(restarted.adminPassword).toBeUndefined()
      const [same] = await again.db.select().from(setting).where(eq(setting.key, 'jwt.secret'))
      expect(same.value).toBe(secret.value)
      expect(await again.db.select().from(user)).toHaveLength(1)
      const res = await restarted.app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        query: {
          username: 'admin',
          password: md5Hex(started.adminPassword!),
          grant_type: 'password',
          scope: 'all',
        },
        headers: {
          authorization: `Basic ${Buffer.from('lab_desktop:lab_desktop_secret').toString('base64')}`,
          'tenant-id': '000000',
        },
      })
      expect(res.statusCode).toBe(200)
      await restarted.app.close()
      await again.close()
    },
  )

  it('uses the given admin password and seeds one user per role in demo mode', SLOW, async () => {
    const database = await openDatabase({})
    const started = await startServer({
      database,
      config: { ...config, adminPassword: 'Given-Pass-1', demo: true },
    })
    expect(started.adminPassword).toBeUndefined()
    expect(Object.keys(started.generatedPasswords!).sort()).toEqual([
      'account.initPassword',
      'guest1',
      'staff1',
      'student1',
      'teacher1',
    ])
    const login = (account: string, password: string) => passwordGrant(started.app, account, password)
    expect((await login('admin', 'Given-Pass-1')).statusCode).toBe(200)
    const teacher = await login('teacher1', started.generatedPasswords!.teacher1)
    expect(teacher.json().role_name).toBe('teacher')
    await started.app.close()
    await database.close()
  })
})

describe('npm run server', () => {
  it('prints one ready line with its URL, serves, and stops cleanly on SIGTERM', SLOW, async () => {
    const dataDir = tempDir()
    const child = spawn(process.execPath, ['--import', 'tsx', resolve('src/server/cli.ts')], {
      env: { ...process.env, LAB_DATA_DIR: dataDir, PORT: '0', LAB_ADMIN_PASSWORD: 'Cli-Pass-1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    const url = await new Promise<string>((resolveUrl, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = /实验实训管理系统 server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
        if (match) resolveUrl(match[1])
      })
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)))
    })
    const res = await fetch(`${url}/api/blade-auth/oauth/captcha`)
    expect(res.status).toBe(200)
    expect(out).toContain('account.initPassword')
    expect(out).not.toContain('Cli-Pass-1')
    const code = await new Promise<number | null>((done) => {
      child.on('exit', (c) => done(c))
      child.kill('SIGTERM')
    })
    expect(code).toBe(0)
  })
})

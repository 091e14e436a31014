/**
 * A seeded server for one test file: `const t = await startTestServer()`, then
 * `const token = await t.login()` and `await t.api(token).get('/api/blade-user/page')`.
 * Each call gets its own database (a PGlite copy of the snapshot, or a PostgreSQL copy of the template).
 */
// Response bodies are whatever the endpoint sent; tests assert on them freely.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client'
import { startServer } from '../../src/server/bootstrap'
import { captcha } from '../../src/server/db/schema'
import { md5Hex } from '../../src/server/auth/passwords'
import { SNAPSHOT_KEY, TEST_ADMIN_PASSWORD, TEST_CLIENT } from './constants'
import { databaseUrlFor } from './postgres'

export { TEST_ADMIN_PASSWORD, TEST_CLIENT } from './constants'

export type Query = Record<string, string | number | boolean | undefined>

export interface ApiResponse<T = any> {
  status: number
  body: T
  headers: Record<string, string | string[] | number | undefined>
}

export interface Api {
  get<T = any>(path: string, query?: Query): Promise<ApiResponse<T>>
  post<T = any>(
    path: string,
    options?: { query?: Query; body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>
}

export interface TestServer {
  app: FastifyInstance
  database: DatabaseHandle
  adminPassword: string
  /** Signs in through the real token endpoint (captcha grant) and returns the access token. */
  login(account?: string, password?: string, tenantId?: string): Promise<string>
  /** The full token JSON of a sign-in (for tests that need the refresh token). */
  loginFull(account?: string, password?: string, tenantId?: string): Promise<Record<string, any>>
  /** Calls with `Blade-Auth: bearer <token>` when a token is given. */
  api(token?: string): Api
  /** A fresh captcha `{key, code}` read back from the database. */
  captcha(): Promise<{ key: string; code: string }>
  /** Stops the server and starts a new one on the same database (`app` is then the new one). */
  restart(): Promise<void>
  close(): Promise<void>
}

export const basicAuth = (id = TEST_CLIENT.id, secret = TEST_CLIENT.secret) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`

/**
 * The password grant through Saber's client (no captcha, as stock BladeX allows it), on an app a
 * test started itself: first starts, backups and moved databases sign in this way.
 */
export const passwordGrant = (
  app: FastifyInstance,
  account = 'admin',
  password: string = TEST_ADMIN_PASSWORD,
) =>
  app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { username: account, password: md5Hex(password), grant_type: 'password' },
    headers: { authorization: basicAuth('saber', 'saber_secret'), 'tenant-id': '000000' },
  })

const clean = (query?: Query) => {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) out[k] = String(v)
  return out
}

async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const snapshot = inject(SNAPSHOT_KEY)
  if (snapshot.kind === 'pglite') {
    const database = await openDatabase({ loadDataDir: new Blob([readFileSync(snapshot.file)]) })
    return { database, drop: async () => {} }
  }
  const url = process.env.DATABASE_URL!
  // Named after the template so global teardown can drop copies a crashed file left behind.
  const name = `${snapshot.template}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name} template ${snapshot.template}`)
  await admin.end()
  const database = await openDatabase({ url: databaseUrlFor(url, name) })
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

export async function startTestServer(): Promise<TestServer> {
  const { database, drop } = await openTestDatabase()
  const config = { fileDir: '', demo: false, logger: false }
  let { app } = await startServer({ database, config })

  const api = (token?: string): Api => {
    const headers = (extra?: Record<string, string>) => ({
      authorization: basicAuth(),
      ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
      ...extra,
    })
    const wrap = (res: {
      statusCode: number
      body: string
      headers: ApiResponse['headers']
    }): ApiResponse => {
      let body: unknown = res.body
      try {
        body = JSON.parse(res.body)
      } catch {
        // not JSON (a file, an image): keep the text
      }
      return { status: res.statusCode, body, headers: res.headers }
    }
    return {
      get: async (path, query) =>
        wrap(await app.inject({ method: 'GET', url: path, query: clean(query), headers: headers() })),
      post: async (path, options = {}) =>
        wrap(
          await app.inject({
            method: 'POST',
            url: path,
            query: clean(options.query),
            headers: headers(
              options.body === undefined
                ? options.headers
                : { 'content-type': 'application/json', ...options.headers },
            ),
            payload: options.body === undefined ? undefined : JSON.stringify(options.body),
          }),
        ),
    }
  }

  const readCaptcha = async () => {
    const res = await api().get('/api/blade-auth/oauth/captcha')
    if (res.status !== 200) throw new Error(`captcha failed: ${res.status} ${JSON.stringify(res.body)}`)
    const key = res.body.key as string
    const rows = await database.db.select().from(captcha).where(eq(captcha.key, key))
    return { key, code: rows[0].code }
  }

  const loginFull = async (account = 'admin', password = TEST_ADMIN_PASSWORD, tenantId = '000000') => {
    const { key, code } = await readCaptcha()
    const res = await api().post('/api/blade-auth/oauth/token', {
      query: {
        tenantId,
        username: account,
        password: md5Hex(password),
        grant_type: 'captcha',
        scope: 'all',
        type: 'account',
      },
      headers: { 'tenant-id': tenantId, 'captcha-key': key, 'captcha-code': code },
    })
    if (res.status !== 200)
      throw new Error(`login of ${account} failed: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body as Record<string, any>
  }

  return {
    get app() {
      return app
    },
    database,
    adminPassword: TEST_ADMIN_PASSWORD,
    api,
    captcha: readCaptcha,
    loginFull,
    login: async (...args) => (await loginFull(...args)).access_token as string,
    restart: async () => {
      await app.close()
      app = (await startServer({ database, config })).app
    },
    close: async () => {
      await app.close()
      await database.close()
      await drop()
    },
  }
}

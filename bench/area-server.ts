/**
 * What the area suites share: a real server on a scratch database listening on a port, calls over
 * HTTP shaped like the server tests' `Api` (so the areas' test fixtures can seed through the real
 * routes), tokens minted for seeded accounts without a password check (sign-in has its own figure;
 * hundreds of Argon2 verifications would only slow the set-up), and the timing helpers.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Api, ApiResponse, Query, TestServer } from '../tests/support/server'
import type { LabServer } from '../tests/e2e/harness'
import { startServer } from '../src/server/bootstrap'
import type { DatabaseHandle } from '../src/server/db/client'
import { authSession, captcha, client, role, user } from '../src/server/db/schema'
import { issueTokens } from '../src/server/auth/issue'
import { findUserByAccount, rolesOf, splitIds } from '../src/server/auth/identity'
import { nextId } from '../src/server/core/ids'
import { scratchDatabase } from './scratch-db'
import type { Figure } from './types'

export const BENCH_PASSWORD = 'Bench-admin-1'
const TENANT = '000000'
const BASIC = `Basic ${Buffer.from('lab_desktop:lab_desktop_secret').toString('base64')}`

export interface BenchServer {
  app: FastifyInstance
  database: DatabaseHandle
  url: string
  /** The server tests' handle, for the areas' fixtures (`login` mints a token). */
  t: TestServer
  admin: Api
  adminToken: string
  api(token?: string): Api
  /** An access token for an account of tenant 000000 (a real session, no password check). */
  tokenFor(account: string): Promise<string>
  /** Role ids by alias in tenant 000000. */
  roleIds: Record<string, string>
  close(): Promise<void>
}

const clean = (query?: Query) => {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) out[k] = String(v)
  return out
}

export async function startBenchServer(prefix: string): Promise<BenchServer> {
  const { database, drop } = await scratchDatabase(prefix)
  const { app } = await startServer({
    database,
    config: {
      fileDir: mkdtempSync(join(tmpdir(), `lab-${prefix}-`)),
      demo: false,
      adminPassword: BENCH_PASSWORD,
      logger: false,
    },
  })
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  const db = database.db
  const [clientRow] = await db.select().from(client).where(eq(client.clientId, 'lab_desktop'))
  const roleIds: Record<string, string> = {}
  for (const r of await db
    .select({ id: role.id, alias: role.roleAlias })
    .from(role)
    .where(and(eq(role.tenantId, TENANT), eq(role.isDeleted, 0))))
    roleIds[String(r.alias)] = String(r.id)

  const tokenFor = async (account: string) => {
    const row = await findUserByAccount(db, TENANT, account)
    if (!row) throw new Error(`no account ${account}`)
    const roles = await rolesOf(db, row)
    const tokens = await issueTokens(app, {
      user: row,
      roles,
      deptIds: splitIds(row.deptId),
      client: clientRow,
      userType: 'web',
    })
    return String(tokens!.access_token)
  }

  const api = (token?: string): Api => {
    const call = async (method: string, path: string, query?: Query, body?: unknown, extra = {}) => {
      const qs = new URLSearchParams(clean(query)).toString()
      const res = await fetch(`${url}${path}${qs ? `?${qs}` : ''}`, {
        method,
        headers: {
          Authorization: BASIC,
          'Tenant-Id': TENANT,
          ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...extra,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {
        // a file: keep the text
      }
      return {
        status: res.status,
        body: parsed,
        headers: Object.fromEntries(res.headers),
      } as ApiResponse
    }
    return {
      get: (path, query) => call('GET', path, query),
      post: (path, options = {}) => call('POST', path, options.query, options.body, options.headers),
    }
  }

  const adminToken = await tokenFor('admin')
  const t: TestServer = {
    app,
    database,
    adminPassword: BENCH_PASSWORD,
    api,
    login: (account = 'admin') => tokenFor(account),
    loginFull: () => Promise.reject(new Error('not in benches')),
    captcha: () => Promise.reject(new Error('not in benches')),
    restart: () => Promise.reject(new Error('not in benches')),
    close: async () => undefined,
  }
  return {
    app,
    database,
    url,
    t,
    admin: api(adminToken),
    adminToken,
    api,
    tokenFor,
    roleIds,
    close: async () => {
      await app.close()
      await database.close()
      await drop()
    },
  }
}

/** The bench server as the e2e harness's server (the app signs in against it; captchas read from its database). */
export function labServerOf(server: BenchServer): LabServer {
  const db = server.database.db
  return {
    url: server.url,
    server: server.t,
    async captchaCode(key) {
      const rows = await db.select().from(captcha).where(eq(captcha.key, key))
      if (!rows[0]) throw new Error(`no captcha ${key} in the database`)
      return rows[0].code
    },
    async revokeAllSessions() {
      await db.update(authSession).set({ revoked: true })
    },
    close: async () => undefined,
  }
}

/** Accounts of one role in bulk (password unusable: their tokens are minted); answers their user ids. */
export async function addAccounts(
  server: BenchServer,
  roleAlias: string,
  accounts: { account: string; name: string }[],
): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < accounts.length; i += 1000) {
    const rows = accounts.slice(i, i + 1000).map((a) => {
      const id = nextId()
      ids.push(id)
      return {
        id,
        tenantId: TENANT,
        account: a.account,
        password: 'x',
        name: a.name,
        realName: a.name,
        roleId: server.roleIds[roleAlias],
        deptId: '',
        status: 1,
      }
    })
    await server.database.db.insert(user).values(rows)
  }
  return ids
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

export function percentile(xs: number[], p: number) {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** Median wall time of `runs` sequential calls (after one unmeasured warm-up). */
export async function medianMs(runs: number, fn: (run: number) => Promise<unknown>): Promise<number> {
  await fn(-1)
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await fn(i)
    times.push(performance.now() - started)
  }
  return median(times)
}

/**
 * Medians of two kinds of call timed in turns (a, b, a, b, …; one unmeasured warm-up of each), for a
 * figure that compares them: the machine's speed drifts over seconds, and two blocks timed one after
 * the other would carry that drift into the ratio.
 */
export async function pairedMediansMs(
  runs: number,
  a: (run: number) => Promise<unknown>,
  b: (run: number) => Promise<unknown>,
): Promise<[number, number]> {
  await a(-1)
  await b(-1)
  const times: [number[], number[]] = [[], []]
  const timed = async (side: 0 | 1, fn: (run: number) => Promise<unknown>, run: number) => {
    const started = performance.now()
    await fn(run)
    times[side].push(performance.now() - started)
  }
  for (let i = 0; i < runs; i++) {
    await timed(0, a, i)
    await timed(1, b, i)
  }
  return [median(times[0]), median(times[1])]
}

/** Fires every call at once; each call's latency, and how many answered other than HTTP 200. */
export async function burst(
  calls: (() => Promise<ApiResponse>)[],
): Promise<{ p50: number; p99: number; refused: number; statuses: Record<string, number> }> {
  const statuses: Record<string, number> = {}
  const times = await Promise.all(
    calls.map(async (call) => {
      const started = performance.now()
      const res = await call()
      const ms = performance.now() - started
      const key =
        res.status === 200 ? '200' : `${res.status} ${String((res.body as { msg?: string })?.msg ?? '')}`
      statuses[key] = (statuses[key] ?? 0) + 1
      return ms
    }),
  )
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    refused: times.length - (statuses['200'] ?? 0),
    statuses,
  }
}

/** `200×100, 400 报名名额已满×200`: how a burst was answered, briefly. */
export const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([k, n]) => `${k.slice(0, 16)}×${n}`)
    .join(', ')

/** How a figure of several bursts was taken (one burst keeps the suite short on a shared machine). */
export const bursts = (p99s: number[]) =>
  p99s.length === 1 ? 'one burst' : `median of ${p99s.length} bursts (${p99s.map(Math.round).join('/')})`

/** The measured figure, its same-run baseline and their ratio against the issue's budget. */
export function compared(
  name: string,
  measured: { value: number; note?: string },
  baseline: { name: string; value: number; note?: string },
  budget: number,
  unit = 'ms',
): Omit<Figure, 'suite'>[] {
  const ratio = measured.value / baseline.value
  return [
    { name, value: measured.value, unit, note: measured.note },
    { name: `  baseline: ${baseline.name}`, value: baseline.value, unit, note: baseline.note },
    {
      name: `  ratio`,
      value: ratio,
      unit: '×',
      note: `budget ≤ ${budget}× ${ratio <= budget ? '(within)' : '(OVER)'}`,
    },
  ]
}

/** A multi-row SQL `values` list: each row's cells already SQL literals. */
export const valuesOf = (rows: (string | number | null)[][]) =>
  rows
    .map(
      (r) =>
        `(${r.map((c) => (c === null ? 'null' : typeof c === 'number' ? c : `'${c.replace(/'/g, "''")}'`)).join(', ')})`,
    )
    .join(',\n')

/** The rows of a suite: what its figures print. */
export type Rows = Omit<Figure, 'suite'>[]

/**
 * Runs a suite's figures in order and gathers their rows; a figure that fails prints one error row
 * naming it, and the others still run.
 */
export async function figureRows<A extends unknown[]>(
  figures: ((...args: A) => Promise<Rows>)[],
  ...args: A
): Promise<Rows> {
  const rows: Rows = []
  for (const figure of figures) {
    try {
      rows.push(...(await figure(...args)))
    } catch (e) {
      rows.push({
        name: `${figure.name}: error`,
        value: String((e as Error).message ?? e).slice(0, 160),
        unit: '',
      })
    }
  }
  return rows
}

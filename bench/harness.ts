// Response bodies are whatever the endpoint sent; the suites read them freely.
/* eslint-disable @typescript-eslint/no-explicit-any */
/**
 * What the area suites share: a real server on a scratch database listening on a port, tokens for
 * seeded accounts (bench-token.ts), a fetch-based caller, a peak-RSS sampler and the latency
 * statistics.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { Agent, fetch as undiciFetch } from 'undici'
import { startServer } from '../src/server/bootstrap'
import type { DatabaseHandle } from '../src/server/db/client'
import { BENCH_CLIENT_ID, BENCH_TENANT, benchClient, benchToken } from './bench-token'
import { scratchDatabase } from './scratch-db'

export const TENANT = BENCH_TENANT
export const ADMIN_PASSWORD = 'Bench-admin-1'
const CLIENT_ID = BENCH_CLIENT_ID
const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:lab_desktop_secret`).toString('base64')}`

/** A BladeX envelope (or a file, as its bytes, when `raw` was asked). */
export interface Answer<T = any> {
  status: number
  body: { code?: number; success?: boolean; msg?: string; data?: T } & Record<string, any>
}

export interface Caller {
  token: string
  /** The sign-in headers (for a request the helpers do not shape, e.g. multipart). */
  headers: Record<string, string>
  get<T = any>(path: string, query?: Record<string, string | number>): Promise<Answer<T>>
  post<T = any>(path: string, body?: unknown, query?: Record<string, string | number>): Promise<Answer<T>>
  /** The raw response (a file download). */
  fetch(
    path: string,
    init?: { method?: string; query?: Record<string, string | number>; body?: unknown },
  ): Promise<Response>
}

export interface BenchServer {
  app: FastifyInstance
  database: DatabaseHandle
  base: string
  fileDir: string
  /** A caller signed in as the account (admin, or any seeded user). */
  as(account: string): Promise<Caller>
  close(): Promise<void>
}

export async function benchServer(prefix: string): Promise<BenchServer> {
  const { database, drop } = await scratchDatabase(prefix)
  const fileDir = mkdtempSync(join(tmpdir(), `lab-${prefix}-`))
  const { app } = await startServer({
    database,
    config: { fileDir, demo: false, adminPassword: ADMIN_PASSWORD, logger: false },
  })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const clientRow = await benchClient(database.db)
  return {
    app,
    database,
    base,
    fileDir,
    as: async (account) => callerOf(base, await benchToken(app, database.db, clientRow, account)),
    async close() {
      await app.close()
      await database.close()
      await drop()
      rmSync(fileDir, { recursive: true, force: true })
    },
  }
}

/**
 * The suites' HTTP client: a bounded pool of keep-alive connections and no client time-outs (a
 * request queued behind hundreds of others on this shared machine is slow, not failed).
 */
const agent = new Agent({ connections: 64, connectTimeout: 120_000, headersTimeout: 0, bodyTimeout: 0 })

export function callerOf(base: string, token: string): Caller {
  const headers = {
    'Blade-Auth': `bearer ${token}`,
    Authorization: BASIC,
    'Tenant-Id': TENANT,
  }
  const urlOf = (path: string, query?: Record<string, string | number>) => {
    const q = query
      ? `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`
      : ''
    return `${base}${path}${q}`
  }
  const raw: Caller['fetch'] = (path, init = {}) =>
    undiciFetch(urlOf(path, init.query), {
      dispatcher: agent,
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }) as unknown as Promise<Response>
  const json = async (res: Response): Promise<Answer> => {
    const text = await res.text()
    try {
      return { status: res.status, body: JSON.parse(text) }
    } catch {
      return { status: res.status, body: { msg: text.slice(0, 200) } }
    }
  }
  return {
    token,
    headers,
    get: async (path, query) => json(await raw(path, { query })),
    post: async (path, body, query) =>
      json(await raw(path, { method: 'POST', query, body: body === undefined ? undefined : body })),
    fetch: raw,
  }
}

/** Throws with the server's message unless the answer is a 200 success. */
export function must<T>(answer: Answer<T>, what: string): T {
  if (answer.status !== 200 || answer.body.success === false)
    throw new Error(
      `${what}: ${answer.status} ${String(answer.body.msg ?? JSON.stringify(answer.body)).slice(0, 160)}`,
    )
  return answer.body.data as T
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

export const median = (values: number[]) => percentile(values, 50)

/** The median of `runs` timings of `work` (milliseconds), after one untimed warm-up run. */
export async function medianOf(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await work()
    times.push(performance.now() - started)
  }
  return median(times)
}

/**
 * Runs `work(i)` for i < count, each started at its own arrival time (ms from now), concurrently;
 * answers each call's latency. Arrival times are the caller's (spread, or all at once).
 */
export async function arrivals<T>(
  at: number[],
  work: (i: number) => Promise<T>,
): Promise<{ latencies: number[]; results: T[] }> {
  const start = performance.now()
  const latencies: number[] = new Array(at.length)
  const results: T[] = new Array(at.length)
  await Promise.all(
    at.map(async (offset, i) => {
      const wait = start + offset - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      const t0 = performance.now()
      results[i] = await work(i)
      latencies[i] = performance.now() - t0
    }),
  )
  return { latencies, results }
}

/** A seeded pseudo-random generator (mulberry32): the same arrivals for the measured and the baseline run. */
export function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Peak RSS of this process since the last `take()` (the server runs in this process). */
export function peakSampler() {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  timer.unref()
  return {
    take() {
      const value = Math.max(peak, process.memoryUsage().rss)
      peak = process.memoryUsage().rss
      return Math.round(value / 1024 / 1024)
    },
    stop: () => clearInterval(timer),
  }
}

export const ratio = (value: number, baseline: number) => value / baseline

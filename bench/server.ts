/**
 * Server figures (issue: server platform): sign-in latency, and `GET /api/blade-user/page` with a
 * filter over 100,000 users beside a bare Fastify route in the same run (throughput ratio, p50/p99,
 * peak memory). Runs on an in-memory PGlite, or on DATABASE_URL when set.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { startServer } from '../src/server/bootstrap'
import { user } from '../src/server/db/schema'
import { dataOfTenant } from '../src/server/core/data'
import { scratchDatabase } from './scratch-db'
import type { Suite } from './types'

const ADMIN_PASSWORD = 'Bench-admin-1'
const BASIC = `Basic ${Buffer.from('lab_desktop:lab_desktop_secret').toString('base64')}`
/** The user page's realName filter: matches about 140 of the 100,000 users. */
const FILTER = '张同学12'
const md5 = (s: string) => createHash('md5').update(s).digest('hex')

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, headers, connections: 10, duration: seconds, workers: 1 })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  }
}

/** An in-memory PGlite, or a fresh database beside DATABASE_URL's (dropped afterwards). */
export const serverSuite: Suite = async () => {
  const { database, drop } = await scratchDatabase('bench_server')
  const { app } = await startServer({
    database,
    config: {
      fileDir: mkdtempSync(join(tmpdir(), 'lab-bench-')),
      demo: false,
      adminPassword: ADMIN_PASSWORD,
      logger: false,
    },
  })
  let peakRss = process.memoryUsage().rss
  /** Peak RSS since the last `runPeak = 0` (each load run's own peak). */
  let runPeak = 0
  const sampler = setInterval(() => {
    const rss = process.memoryUsage().rss
    peakRss = Math.max(peakRss, rss)
    runPeak = Math.max(runPeak, rss)
  }, 100)
  const measured = async (url: string, headers: Record<string, string>) => {
    await load(url, headers, 1) // warm-up
    runPeak = process.memoryUsage().rss
    const run = await load(url, headers, 5)
    return { ...run, peakRss: Math.round(runPeak / 1024 / 1024) }
  }
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 })

    // 100,000 users in tenant 000000 (one statement; ids far above the snowflake range of the seed).
    const seedStarted = Date.now()
    await database.exec(`
      insert into blade_user (id, tenant_id, code, user_type, account, password, name, real_name, phone, role_id, dept_id, status, is_deleted, create_time, update_time)
      select 900000000000000000 + g, '000000', 'T' || g, 1, 'bench' || g, 'x', '用户' || g,
             (array['张','李','王','赵','陈','刘','杨','黄'])[1 + g % 8] || '同学' || g,
             '138' || lpad((g % 100000000)::text, 8, '0'), '', '', 1, 0, now(), now()
      from generate_series(1, 100000) g`)
    await database.exec('analyze blade_user')
    const seedSeconds = (Date.now() - seedStarted) / 1000

    // Sign-in latency (password grant; Argon2id verification dominates by design).
    const signIn = async () => {
      const q = new URLSearchParams({
        tenantId: '000000',
        username: 'admin',
        password: md5(ADMIN_PASSWORD),
        grant_type: 'password',
        scope: 'all',
      })
      const started = performance.now()
      const res = await fetch(`${base}/api/blade-auth/oauth/token?${q}`, {
        method: 'POST',
        headers: { Authorization: BASIC, 'Tenant-Id': '000000' },
      })
      const body = (await res.json()) as { access_token?: string; error_description?: string }
      if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body).slice(0, 200)}`)
      return { ms: performance.now() - started, token: body.access_token }
    }
    const times: number[] = []
    let token = ''
    for (let i = 0; i < 30; i++) {
      const r = await signIn()
      times.push(r.ms)
      token = r.token
    }
    times.sort((a, b) => a - b)

    // The user page with a filter, beside a bare Fastify route answering a page of the same size.
    const headers = { 'Blade-Auth': `bearer ${token}`, Authorization: BASIC, 'Tenant-Id': '000000' }
    // A name fragment as an administrator types it (surname and the start of the given name). A
    // single character cannot use the trigram index: its cost is printed separately below.
    const pageFor = (realName: string) =>
      `${base}/api/blade-user/page?current=2&size=10&realName=${encodeURIComponent(realName)}`
    const pageUrl = pageFor(FILTER)
    const check = await fetch(pageUrl, { headers })
    const checkBody = (await check.json()) as { data?: { total?: number } }
    const total = checkBody.data?.total ?? 0

    const oneCharTimes: number[] = []
    for (let i = 0; i < 5; i++) {
      const started = performance.now()
      const res = await fetch(pageFor('张'), { headers })
      if (!res.ok) throw new Error(`user page (one character) failed: ${res.status}`)
      await res.arrayBuffer()
      oneCharTimes.push(performance.now() - started)
    }
    oneCharTimes.sort((a, b) => a - b)

    // Beside it: a bare Fastify route answering the same payload (the ceiling of HTTP alone), and one
    // running the same page query on the same database (HTTP plus the query, without the guard, the
    // request log, validation or presentation).
    const bare = Fastify()
    const sample = (await (await fetch(pageUrl, { headers })).json()) as unknown
    bare.get('/page', async () => sample)
    // The page as the engine reads it: Repo.page with the same filter and order.
    const users = dataOfTenant(database.db, '000000').repo(user)
    bare.get('/query', async () => ({
      code: 200,
      success: true,
      data: await users.page({ realName: FILTER, current: 2, size: 10 }),
      msg: '操作成功',
    }))
    const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 })
    const bareRun = await measured(`${bareBase}/page`, {})
    const queryRun = await measured(`${bareBase}/query`, {})
    const pageRun = await measured(pageUrl, headers)
    await bare.close()

    return [
      { name: 'seed 100,000 users', value: seedSeconds, unit: 's' },
      {
        name: 'sign-in latency p50',
        value: percentile(times, 50),
        unit: 'ms',
        note: '30 sequential password grants',
      },
      { name: 'sign-in latency p99', value: percentile(times, 99), unit: 'ms' },
      {
        name: 'user page filter matches',
        value: total,
        unit: 'rows',
        note: `realName LIKE %${FILTER}% (a name fragment; was 张), page 2 of 10`,
      },
      {
        name: 'user page throughput',
        value: pageRun.rps,
        unit: 'req/s',
        note: `${pageRun.non2xx} non-2xx; 10 connections`,
      },
      { name: 'user page latency p50', value: pageRun.p50, unit: 'ms' },
      { name: 'user page latency p99', value: pageRun.p99, unit: 'ms' },
      { name: 'user page peak RSS', value: pageRun.peakRss, unit: 'MiB', note: 'during its run' },
      {
        name: 'user page, one-character filter',
        value: percentile(oneCharTimes, 50),
        unit: 'ms',
        note: 'realName LIKE %张% (12,500 matches): median of 5 lone requests; counts by a scan',
      },
      {
        name: 'bare Fastify throughput',
        value: bareRun.rps,
        unit: 'req/s',
        note: `same process, same payload; ${bareRun.non2xx} non-2xx`,
      },
      { name: 'bare Fastify latency p50 / p99', value: `${bareRun.p50} / ${bareRun.p99}`, unit: 'ms' },
      { name: 'bare Fastify peak RSS', value: bareRun.peakRss, unit: 'MiB', note: 'during its run' },
      {
        name: 'user page / bare throughput',
        value: pageRun.rps / bareRun.rps,
        unit: 'ratio',
        note: 'aim: ≥ 0.33',
      },
      {
        name: 'bare Fastify + page query throughput',
        value: queryRun.rps,
        unit: 'req/s',
        note: `the same query on the same database, no guard/log/presentation; ${queryRun.non2xx} non-2xx`,
      },
      { name: 'bare Fastify + page query p50 / p99', value: `${queryRun.p50} / ${queryRun.p99}`, unit: 'ms' },
      {
        name: 'user page / bare + page query',
        value: pageRun.rps / queryRun.rps,
        unit: 'ratio',
        note: 'what the route adds to its query',
      },
      {
        name: 'peak RSS',
        value: Math.round(peakRss / 1024 / 1024),
        unit: 'MiB',
        note: `whole suite (seed included); ${database.kind}`,
      },
    ]
  } finally {
    clearInterval(sampler)
    await app.close()
    await database.close()
    await drop()
  }
}

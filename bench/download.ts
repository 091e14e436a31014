/**
 * 下载中心 figures (issue 15 figure 2): p99 of `GET /api/blade-desk/notice/page` under a steady
 * 20 requests/s, idle and while a 200,000-row asynchronous export (the equipment register) runs on
 * the embedded database; the job's duration and the server's peak RSS.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startServer } from '../src/server/bootstrap'
import { scratchDatabase } from './scratch-db'
import type { Suite } from './types'

const ADMIN_PASSWORD = 'Bench-admin-1'
const BASIC = `Basic ${Buffer.from('lab_desktop:lab_desktop_secret').toString('base64')}`
const ROWS = 200_000
const LOAD_SECONDS = 10

const steady = (url: string, headers: Record<string, string>, seconds: number) =>
  autocannon({ url, headers, connections: 2, overallRate: 20, duration: seconds, workers: 1 })

export const downloadSuite: Suite = async () => {
  process.env.LAB_DOWNLOAD_POLL_MS = '200'
  const { database, drop } = await scratchDatabase('bench_download')
  const { app } = await startServer({
    database,
    config: {
      fileDir: mkdtempSync(join(tmpdir(), 'lab-bench-dl-')),
      demo: false,
      adminPassword: ADMIN_PASSWORD,
      logger: false,
    },
  })
  let peakRss = process.memoryUsage().rss
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100)
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 })
    await database.exec(`
      insert into assets_equipment (id, tenant_id, equipment_no, equipment_name, class_code, price,
        purchase_date, source, country_code, status_code, use_direction)
      select 880000000000 + g, '000000', lpad(g::text, 8, '0'), '数字示波器' || g, '03040501', 1200,
             date '2024-03-01', 1, '156', 1, 1
      from generate_series(1, ${ROWS}) g`)
    await database.exec(`
      insert into blade_notice (id, tenant_id, title, category, release_time, content, is_deleted, status)
      select 870000000000 + g, '000000', '通知' || g, 1, now(), '<p>内容</p>', 0, 1
      from generate_series(1, 50) g`)
    const q = new URLSearchParams({
      tenantId: '000000',
      username: 'admin',
      password: createHash('md5').update(ADMIN_PASSWORD).digest('hex'),
      grant_type: 'password',
      scope: 'all',
    })
    const signIn = await fetch(`${base}/api/blade-auth/oauth/token?${q}`, {
      method: 'POST',
      headers: { Authorization: BASIC, 'Tenant-Id': '000000' },
    })
    const token = ((await signIn.json()) as { access_token: string }).access_token
    const headers = { 'Blade-Auth': `bearer ${token}`, Authorization: BASIC, 'Tenant-Id': '000000' }
    const noticePage = `${base}/api/blade-desk/notice/page?current=1&size=10`

    await steady(noticePage, headers, 2) // warm-up
    const idle = await steady(noticePage, headers, LOAD_SECONDS)

    const queued = await fetch(`${base}/api/assets/equipment/page-export?asyncTask=true`, { headers })
    const task = ((await queued.json()) as { data: { id: string } }).data
    const started = Date.now()
    const rssAtStart = process.memoryUsage().rss
    peakRss = rssAtStart
    let finished = 0
    const watch = (async () => {
      for (;;) {
        const res = await fetch(`${base}/api/biz-download/bizdownloadtask/detail?id=${task.id}`, { headers })
        const status = ((await res.json()) as { data: { status: number } }).data.status
        if (status >= 2) return (finished = Date.now())
        await new Promise((r) => setTimeout(r, 250))
      }
    })()
    const busy = await steady(noticePage, headers, LOAD_SECONDS)
    await watch
    const jobSeconds = (finished - started) / 1000
    return [
      { name: 'notice/page p99, idle (20 req/s)', value: idle.latency.p99, unit: 'ms' },
      {
        name: 'notice/page p99, during a 200,000-row export',
        value: busy.latency.p99,
        unit: 'ms',
        note: `${(busy.latency.p99 / Math.max(idle.latency.p99, 1)).toFixed(2)}× idle (target ≤ 2×); ${busy.non2xx + busy.errors} failed`,
      },
      { name: 'export job duration (200,000 rows xlsx)', value: Number(jobSeconds.toFixed(1)), unit: 's' },
      {
        name: 'server peak RSS during the job',
        value: Math.round(peakRss / 1024 / 1024),
        unit: 'MB',
        note: `${Math.round(rssAtStart / 1024 / 1024)} MB when it was queued (embedded database holding the rows)`,
      },
    ]
  } finally {
    clearInterval(sampler)
    await app.close()
    await drop()
  }
}

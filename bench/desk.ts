/**
 * 首页 figure (issue 15, figure 1): dashboard first paint — from the sign-in reply (main answering
 * `session:login`) to the KPI cards showing numbers on a staff member's 首页 — against the same measure
 * of the plain home (hero, quick links, notices; statistics off by `localStorage['lab.home.plain']`),
 * in one run, with the time to all seven charts drawn beside it. Real server in a child process (as
 * the app runs it; bench/child-entry.ts, which also reads captcha codes and empties the statistics
 * cache for the bench), main on the test host, Chromium (the e2e harness); needs `npm run build` first. Every dashboard run starts with the
 * statistics cache empty (a first sign-in of the day), and the server time of each statistics call
 * (uncached, median of 3) is reported beside the page figures: the cards wait on `home-page/kpi` only.
 *
 * School size: LAB_BENCH_HOME_SCALE (default 1) × the demo school of 200 labs, 2,000 rooms,
 * 100,000 equipment items and 20,000 published batches; the scale used is printed in the notes.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { addHomeSchool } from '../src/server/desk/home/testing'
import { homeApi } from '../src/shared/api/home'
import { createUser, type CreatedUser } from '../tests/support/fixtures'
import { AppHarness, ROOT, launchBrowser, type LabServer } from '../tests/e2e/harness'
import { childServer } from './child-server'
import { median, medianOf, must } from './harness'
import type { Suite } from './types'

const RUNS = 3

/** The statistics calls of 首页, the cards' own first. */
const CALLS = [
  ['kpi (KPI cards)', homeApi.kpi.path],
  ['lab-overview (charts)', homeApi.labOverview.path],
  ['lab-overview-equ-summary (charts)', homeApi.equipmentSummary.path],
  ['teachStatistics (charts)', homeApi.teachStatistics.path],
] as const

export const deskSuite: Suite = async () => {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) throw new Error('run `npm run build` first')
  const scale = Number(process.env.LAB_BENCH_HOME_SCALE ?? 1)
  const labs = Math.max(1, Math.round(200 * scale))
  let seedSeconds = 0
  let staff: CreatedUser | undefined
  // The server in a process of its own, as the app runs it (main forks it): the page's IPC and
  // Playwright's waits in this process are not held up while the database answers a grouped read.
  const bench = await childServer(
    'bench_desk',
    async (db, database) => {
      const seeding = performance.now()
      await addHomeSchool(db, {
        labs: labs - 1,
        roomsPerLab: 10,
        equipment: Math.round(100_000 * scale),
        extraBatches: Math.max(0, Math.round(20_000 * scale) - 3),
      })
      // Statistics for the planner, as the other suites give their seeded tables: PGlite never runs
      // autovacuum, and without them the teaching figures' joins over 20,000 batches ran as nested
      // loops over every room (≈ 5× slower at scale 0.2).
      await database.exec('analyze')
      staff = await createUser(database, { account: 'bench_home_staff', roleAlias: 'staff' })
      seedSeconds = (performance.now() - seeding) / 1000
    },
    { hooks: true },
  )
  const account = staff!
  const server = {
    url: bench.base,
    server: undefined as never,
    captchaCode: async (key: string) => String(await bench.ask({ ask: 'captcha', key })),
    revokeAllSessions: async () => void (await bench.ask({ ask: 'revokeSessions' })),
    close: async () => undefined,
  } satisfies LabServer

  const serverMs: number[] = []
  const cards: number[] = []
  const charts: number[] = []
  const plain: number[] = []
  /** Signs in and answers ms from main's sign-in reply to `ready` resolving. */
  async function measure(plainHome: boolean, ready: (h: AppHarness) => Promise<unknown>[]) {
    const harness = await AppHarness.launch({ server, browser: browser!, name: `bench-desk-${plainHome}` })
    try {
      if (plainHome) await harness.page.evaluate("localStorage.setItem('lab.home.plain', '1')")
      await harness.signIn(account.account, account.password)
      let replied = 0
      const started = performance.now()
      while (!replied && performance.now() - started < 60_000) {
        if (harness.ipc.some((r) => r.channel === 'session:login')) replied = performance.now()
        else await new Promise((r) => setTimeout(r, 2))
      }
      if (!replied) throw new Error('no sign-in reply')
      const done: number[] = []
      for (const p of ready(harness)) done.push(await p.then(() => performance.now() - replied))
      return done
    } finally {
      await harness.close()
    }
  }
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined
  try {
    // Where the time goes on the server: each statistics call uncached (refresh=1), median of 3.
    const caller = await bench.signIn(account.account, account.password)
    for (const [, path] of CALLS)
      serverMs.push(await medianOf(RUNS, async () => must(await caller.get(path, { refresh: 1 }), path)))
    browser = await launchBrowser()
    for (let run = 0; run < RUNS; run++) {
      await bench.ask({ ask: 'forgetStatistics' })
      const [toCards, toCharts] = await measure(false, (h) => [
        h.page.locator('section[aria-label="统计概览"][data-state="ready"]').waitFor({ timeout: 120_000 }),
        h.page.locator('[data-chart="ready"]').nth(6).waitFor({ timeout: 120_000 }),
      ])
      cards.push(toCards)
      charts.push(toCharts)
      const [toNotices] = await measure(true, (h) => [
        h.page.locator('[aria-label="最新公告"][data-state="ready"]').waitFor({ timeout: 60_000 }),
      ])
      plain.push(toNotices)
    }
  } finally {
    await browser?.close()
    await bench.close()
  }
  const dashboard = median(cards)
  const home = median(plain)
  const size = `${labs} labs, ${labs * 10 - 10 + 3} rooms, ${Math.round(100_000 * scale)} equipment, ${Math.round(20_000 * scale)} batches`
  return [
    { name: 'school seeded', value: seedSeconds, unit: 's', note: `scale ${scale}: ${size}` },
    ...CALLS.map(([name], i) => ({
      name: `server time of ${name}, uncached (median of 3)`,
      value: serverMs[i],
      unit: 'ms',
    })),
    {
      name: 'sign-in reply to KPI cards (staff 首页, statistics uncached, median of 3)',
      value: dashboard,
      unit: 'ms',
      note: `runs: ${cards.map(Math.round).join(', ')} ms`,
    },
    { name: 'sign-in reply to plain home (statistics off, median of 3)', value: home, unit: 'ms' },
    { name: 'dashboard / plain home', value: dashboard / home, unit: '×', note: 'budget ≤ 1.5' },
    { name: 'sign-in reply to all seven charts drawn (median of 3)', value: median(charts), unit: 'ms' },
  ]
}

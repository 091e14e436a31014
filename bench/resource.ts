/**
 * Resource engine and screens figures (issue: resource engine and screens), through the e2e harness:
 * main's real modules on the test host with the built renderer in Chromium, and the server in a
 * process of its own (this file forked with LAB_BENCH_RESOURCE_SERVER=1) so the two memory figures
 * are separate.
 *  (a) 学生管理 with 10,000 students: open the menu path to the first rows shown.
 *  (b) A 10,000-row page: the generic page's pager stops at 200 rows a page, so the 10,000 rows are
 *      the unpaged root level of a lazy tree (学科专业目录 with 10,000 more 学科门类; the engine's list
 *      answers at most 10,000 rows), rendered and scrolled to the end; the longest main-thread task
 *      (PerformanceObserver longtask). Also 学生管理 at 200 a page.
 *  (c) 导入 of 50,000 students from an xlsx (main's worker parses it and hands it over in slices, the
 *      dialog shows 已读取 N / M 行 (screenshot) and previews it, one POST to
 *      importData) and 导出 of the same 50,000 (over 20,000 rows a 下载任务: made by the server, then
 *      下载 saves it through main): wall time from 导出 to the saved file and
 *      peak RSS of main (this harness process: main, Playwright's driver client and the test host) and
 *      of the server.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as XLSX from 'xlsx'
import type { AppHarness, LabServer } from '../tests/e2e/harness'
import type { Figure, Suite } from './types'
import { openAppTab } from './app-tabs'
import { eventLoopWatch, parseFigures } from './import-figures'

const PASSWORD = 'Bench-admin-1'
const SEEDED = 10_000
const IMPORTED = 50_000
const CHILD_FLAG = 'LAB_BENCH_RESOURCE_SERVER'
const ROOT = fileURLToPath(new URL('..', import.meta.url))

type Ask =
  { kind: 'captcha'; key: string } | { kind: 'seed' } | { kind: 'peak' } | { kind: 'count'; prefix: string }
type Request = Ask & { id: number }

/** A peak-RSS sampler that can be restarted (the figure is the peak since the last reset). */
function peakSampler() {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25)
  timer.unref()
  return {
    take() {
      const value = Math.max(peak, process.memoryUsage().rss)
      peak = process.memoryUsage().rss
      return value
    },
    stop: () => clearInterval(timer),
  }
}

/** The forked server: an in-memory PGlite (or DATABASE_URL), answering the parent's few requests. */
async function serveChild() {
  const { eq, and, like, count } = await import('drizzle-orm')
  const { openDatabase } = await import('../src/server/db/client')
  const { startServer } = await import('../src/server/bootstrap')
  const { captcha, baseStudent, eduMajorInfo } = await import('../src/server/db/schema')
  const { addColleges } = await import('../src/server/base/testing')
  const { nextId } = await import('../src/server/core/ids')
  const database = await openDatabase({ url: process.env.DATABASE_URL })
  const { app } = await startServer({
    database,
    config: {
      fileDir: mkdtempSync(join(tmpdir(), 'lab-bench-resource-')),
      demo: false,
      adminPassword: PASSWORD,
      logger: false,
    },
  })
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  const peak = peakSampler()
  const db = database.db
  const answer = async (req: Request): Promise<unknown> => {
    switch (req.kind) {
      case 'captcha':
        return (await db.select().from(captcha).where(eq(captcha.key, req.key)))[0]?.code
      case 'peak':
        return peak.take()
      case 'count': {
        const [{ n }] = await db
          .select({ n: count() })
          .from(baseStudent)
          .where(and(eq(baseStudent.isDeleted, 0), like(baseStudent.studentNo, `${req.prefix}%`)))
        return Number(n)
      }
      case 'seed': {
        await addColleges(db, '000000', [['B01', '计算机学院']])
        for (let i = 0; i < SEEDED; i += 1000) {
          const rows = Array.from({ length: Math.min(1000, SEEDED - i) }, (_, k) => ({
            id: nextId(),
            tenantId: '000000',
            studentNo: `SEED${String(i + k).padStart(6, '0')}`,
            studentName: `学生${i + k}`,
            sex: ((i + k) % 2) + 1,
            deptSerial: 'B01',
            grade: '2024',
            studentType: 3,
          }))
          await db.insert(baseStudent).values(rows as never)
        }
        for (let i = 0; i < SEEDED; i += 1000) {
          const rows = Array.from({ length: Math.min(1000, SEEDED - i) }, (_, k) => ({
            id: nextId(),
            parentId: '0',
            code: `B${String(i + k).padStart(5, '0')}`,
            name: `基准门类${i + k}`,
            level: 1,
            sort: 1000 + i + k,
          }))
          await db.insert(eduMajorInfo).values(rows as never)
        }
        return true
      }
    }
  }
  process.on('message', (req: Request) => {
    answer(req).then(
      (value) => process.send!({ id: req.id, value }),
      (e: unknown) => process.send!({ id: req.id, error: String((e as Error).message ?? e) }),
    )
  })
  process.send!({ ready: url })
}

/** The server child and a typed request channel to it. */
async function startChild(): Promise<{
  url: string
  ask<T>(req: Ask): Promise<T>
  child: ChildProcess
}> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [CHILD_FLAG]: '1', TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json') },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let seq = 0
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)))
    child.on('message', (m: { ready?: string; id?: number; value?: unknown; error?: string }) => {
      if (m.ready) resolve(m.ready)
      else if (m.id !== undefined) {
        const w = waiting.get(m.id)
        waiting.delete(m.id)
        if (m.error) w?.reject(new Error(m.error))
        else w?.resolve(m.value)
      }
    })
  })
  return {
    url,
    child,
    ask: <T>(req: Ask) =>
      new Promise<T>((resolve, reject) => {
        const id = ++seq
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject })
        child.send({ ...req, id })
      }),
  }
}

export function studentsSheet(file: string) {
  const rows: unknown[][] = [['学号', '姓名', '性别', '院系', '年级', '学生类别', '手机号码']]
  for (let i = 0; i < IMPORTED; i++)
    rows.push([
      `IMP${String(i).padStart(6, '0')}`,
      `导入学生${i}`,
      i % 2 ? '女' : '男',
      'B01',
      '2025',
      '本科生',
      `139${String(i).padStart(8, '0')}`,
    ])
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), '学生')
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer)
}

/**
 * Collects long tasks of the page from now on; `longest()` answers the longest since the last call,
 * and the longest of the page's own work: without the tasks in which the harness handed an IPC answer
 * to the page. The harness carries IPC over Playwright's CDP binding, whose delivery of a large answer
 * (the 10,000 rows) is one long task of protocol parsing that Electron's structured-clone IPC does not
 * have; such a task is known by an answer resolving within it.
 */
const LONGTASKS = `(() => {
  const w = window;
  w.__labLong = [];
  w.__labIpcAt = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__labLong.push([e.startTime, e.duration])
  }).observe({ type: 'longtask', buffered: false });
  const invoke = w.__labIpcInvoke;
  const done = (v) => (w.__labIpcAt.push(performance.now()), v);
  w.__labIpcInvoke = (...a) => invoke(...a).then(done, (e) => { done(); throw e });
})()`
const longest = (harness: AppHarness) =>
  harness.page.evaluate(`(() => {
    const w = window, all = w.__labLong, at = w.__labIpcAt;
    w.__labLong = []; w.__labIpcAt = [];
    const own = all.filter(([s, d]) => !at.some((t) => t >= s && t <= s + d));
    const max = (l) => (l.length ? Math.max(...l.map(([, d]) => d)) : 0);
    return { all: max(all), page: max(own) };
  })()`) as Promise<{ all: number; page: number }>
const longNote = (l: { all: number; page: number }) =>
  `longest task ${Math.round(l.all)} ms, the page's own ${Math.round(l.page)} ms`

/**
 * Scrolls the grid's scroll container to its end, a frame per step; a step is a viewport, or 1/150 of
 * the height when that is more (10,000 rows in 150 steps keeps the suite short); answers the steps.
 */
const scrollThrough = (harness: AppHarness, gridName: string) =>
  harness.page.evaluate(`(async () => {
    const grid = [...document.querySelectorAll('[role=grid]')].find((g) => g.getAttribute('aria-label') === ${JSON.stringify(gridName)})
    let el = grid
    while (el && !(el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY !== 'visible')) el = el.parentElement
    if (!el) throw new Error('no scroll container')
    let steps = 0
    while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
      el.scrollTop += Math.max(el.clientHeight, Math.ceil(el.scrollHeight / 150))
      steps++
      await new Promise((r) => requestAnimationFrame(() => r(null)))
    }
    return steps
  })()`) as Promise<number>

export const resourceSuite: Suite = async () => {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) throw new Error('run `npm run build` first')
  // The harness (main, Playwright) loads here only: the forked server imports this file too.
  const { AppHarness, launchBrowser } = await import('../tests/e2e/harness')
  const dir = mkdtempSync(join(tmpdir(), 'lab-bench-resource-files-'))
  const sheetFile = join(dir, 'students.xlsx')
  studentsSheet(sheetFile)
  const server = await startChild()
  const mainPeak = peakSampler()
  const browser = await launchBrowser()
  const lab: LabServer = {
    url: server.url,
    server: undefined as never,
    captchaCode: (key) => server.ask<string>({ kind: 'captcha', key }),
    revokeAllSessions: async () => undefined,
    close: async () => undefined,
  }
  const figures: Omit<Figure, 'suite'>[] = []
  let harness: AppHarness | null = null
  try {
    let started = performance.now()
    await server.ask({ kind: 'seed' })
    figures.push({
      name: 'set-up: seed 10,000 students and 10,000 catalogue rows',
      value: performance.now() - started,
      unit: 'ms',
      note: 'not a product figure',
    })
    harness = await AppHarness.launch({ server: lab, browser, name: 'bench-resource' })
    const page = harness.page
    await harness.signIn('admin', PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    await page.evaluate(LONGTASKS)

    // (a) open 学生管理 (10,000 students) to the first rows shown
    started = performance.now()
    await openAppTab(harness, '/base/student', '学生管理')
    const students = page.getByRole('region', { name: '学生管理' })
    const studentGrid = students.getByRole('grid', { name: '学生管理' })
    await studentGrid.getByText('SEED000000').waitFor({ timeout: 60_000 })
    figures.push({
      name: 'open 学生管理 to first rows (10,000 students)',
      value: performance.now() - started,
      unit: 'ms',
      note: `first open: lazy chunk + dictionaries + page 1 of 10; ${longNote(await longest(harness))}`,
    })

    // 200 a page (the pager's largest): shown, then scrolled to row 200
    started = performance.now()
    await students.getByRole('combobox', { name: '条/页' }).click()
    await page.getByRole('option', { name: '200 条/页' }).click()
    // the 200-row page is in (row 11 shown) before scrolling: the 10-row page does not scroll
    await studentGrid.getByText('SEED000010').waitFor({ timeout: 60_000 })
    const last200 = studentGrid.getByText('SEED000199')
    let steps200 = 0
    for (let tries = 0; !(await last200.isVisible()); tries++) {
      if (tries > 200) throw new Error('row 200 never shown')
      steps200 += await scrollThrough(harness, '学生管理')
    }
    figures.push({
      name: '学生管理 200 a page: switched and scrolled to row 200',
      value: performance.now() - started,
      unit: 'ms',
      note: `pager max 200; ${longNote(await longest(harness))} over ${steps200} scroll steps`,
    })

    // (b) 10,000 rows on one page: the root level of 学科专业目录, rendered and scrolled
    started = performance.now()
    await openAppTab(harness, '/base/edumajorinfo', '学科专业目录')
    const catalogue = page
      .getByRole('region', { name: '学科专业目录' })
      .getByRole('grid', { name: '学科专业目录' })
    await catalogue.getByText('基准门类0', { exact: true }).waitFor({ timeout: 60_000 })
    const shown = performance.now() - started
    const openLong = await longest(harness)
    started = performance.now()
    const steps = await scrollThrough(harness, '学科专业目录')
    // the engine's list cap (10,000 rows): the last 序号 is 10000
    await catalogue.getByText('10000', { exact: true }).waitFor()
    const scrolled = performance.now() - started
    const scrollLong = await longest(harness)
    figures.push(
      {
        name: '10,000-row page (学科专业目录 roots) to first rows',
        value: shown,
        unit: 'ms',
        note: `${longNote(openLong)} (the rest: the harness's CDP delivery of the answer)`,
      },
      {
        name: '10,000-row page scrolled to the end',
        value: scrolled,
        unit: 'ms',
        note: `${steps} viewport steps, a frame each; windowed body`,
      },
      {
        name: '10,000-row page: longest main-thread task of the page to first rows',
        value: Math.round(openLong.page),
        unit: 'ms',
        note: 'tree rows, grid, first window; without the harness IPC delivery',
      },
      {
        name: '10,000-row page: longest main-thread task while scrolling',
        value: Math.round(scrollLong.all),
        unit: 'ms',
      },
    )

    // (c) import 50,000 students: pick (main parses) → preview → 确认导入 (one POST)
    await openAppTab(harness, '/base/student', '学生管理')
    const dialog = page.getByRole('dialog')
    await students.getByRole('toolbar').getByRole('button', { name: '导入' }).click()
    mainPeak.take()
    await server.ask({ kind: 'peak' })
    harness.host.dialog.openPaths.push(sheetFile)
    const loop = eventLoopWatch()
    started = performance.now()
    await dialog.getByRole('button', { name: '选择文件' }).click()
    await dialog.getByText(new RegExp(`已读取 [1-9]\\d* / ${IMPORTED} 行`)).waitFor({ timeout: 120_000 })
    await harness.screenshot('import progress')
    await dialog.getByText(`共 ${IMPORTED} 行，0 行有错误`).waitFor({ timeout: 300_000 })
    const previewed = performance.now() - started
    const delay = loop.stop()
    const mb = (b: number) => Math.round(b / 1024 / 1024)
    // printed even if a later step fails
    figures.push(
      {
        name: `import ${IMPORTED} students: file to preview`,
        value: previewed,
        unit: 'ms',
        note: `xlsx ${Math.round(statSync(sheetFile).size / 1024)} KiB parsed in main's worker, checked in the page`,
      },
      {
        name: 'import: main event-loop delay, max',
        value: delay.max,
        unit: 'ms',
        note: `p99 ${delay.p99.toFixed(1)} ms (perf_hooks.monitorEventLoopDelay, pick to preview; aim < 50 ms)`,
      },
      { name: 'import: main event-loop delay, p99', value: delay.p99, unit: 'ms' },
      {
        name: 'import: peak RSS main (harness process), pick to preview',
        value: mb(mainPeak.take()),
        unit: 'MiB',
      },
      ...(await parseFigures(sheetFile, IMPORTED)),
    )
    mainPeak.take()
    started = performance.now()
    // the page is busy a while after the preview (50,000 rows checked and handed to the harness's IPC)
    await dialog.getByRole('button', { name: '确认导入' }).click({ timeout: 120_000 })
    await page.locator('.fui-ToastTitle', { hasText: `导入成功` }).first().waitFor({ timeout: 180_000 })
    const committed = performance.now() - started
    const importMain = mainPeak.take()
    const importServer = await server.ask<number>({ kind: 'peak' })
    const count = await server.ask<number>({ kind: 'count', prefix: 'IMP' })
    if (count !== IMPORTED) throw new Error(`imported ${count} of ${IMPORTED}`)
    figures.push(
      {
        name: `import ${IMPORTED} students: 确认导入 to 导入成功`,
        value: committed,
        unit: 'ms',
        note: 'one POST importData, all-or-nothing',
      },
      {
        name: 'import: peak RSS main (harness process), 确认导入 to 导入成功',
        value: mb(importMain),
        unit: 'MiB',
      },
      { name: 'import: peak RSS server', value: mb(importServer), unit: 'MiB' },
    )

    // export the same 50,000 (search 学号 IMP) through main's streamed export
    await students.getByRole('search').getByRole('textbox', { name: '学号' }).fill('IMP')
    await students.getByRole('button', { name: '搜索', exact: true }).click()
    await students.getByText(`共 ${IMPORTED} 条`).waitFor({ timeout: 60_000 })
    const target = join(dir, 'export.xlsx')
    harness.host.dialog.savePaths.push(target)
    mainPeak.take()
    await server.ask({ kind: 'peak' })
    started = performance.now()
    // over 20,000 rows the export is a 下载任务: queued, made by the server, then saved by 下载
    await students.getByRole('toolbar').getByRole('button', { name: '导出' }).click()
    await page.locator('.fui-ToastTitle', { hasText: '导出任务已提交' }).first().waitFor({ timeout: 60_000 })
    await openAppTab(harness, '/download/task', '下载任务')
    const task = page
      .getByRole('region', { name: '下载任务' })
      .getByRole('row')
      .filter({ hasText: '学生管理导出' })
      .first()
    await task.getByText('已完成').waitFor({ timeout: 180_000 })
    await task.getByRole('button', { name: '下载' }).click()
    // saved when the file is there and stops growing
    for (let last = -1, deadline = Date.now() + 60_000; ;) {
      if (Date.now() > deadline) throw new Error('the 下载任务 file was not saved within 60 s')
      const size = existsSync(target) ? statSync(target).size : 0
      if (size > 0 && size === last) break
      last = size
      await new Promise((r) => setTimeout(r, 100))
    }
    const exported = performance.now() - started
    const exportMain = mainPeak.take()
    const exportServer = await server.ask<number>({ kind: 'peak' })
    const book = XLSX.read(readFileSync(target))
    const range = XLSX.utils.decode_range(book.Sheets[book.SheetNames[0]!]!['!ref']!)
    figures.push(
      {
        name: `export ${IMPORTED} students to a file (下载中心)`,
        value: exported,
        unit: 'ms',
        note: `${Math.round(statSync(target).size / 1024)} KiB, ${range.e.r} data rows`,
      },
      { name: 'export: peak RSS main (harness process)', value: mb(exportMain), unit: 'MiB' },
      { name: 'export: peak RSS server', value: mb(exportServer), unit: 'MiB' },
    )
  } catch (e) {
    // the figures measured so far still print
    await harness?.screenshot('bench failure')
    figures.push({ name: 'error', value: String((e as Error).message ?? e).slice(0, 160), unit: '' })
  } finally {
    await harness?.close().catch(() => undefined)
    await browser.close()
    mainPeak.stop()
    server.child.kill()
    rmSync(dir, { recursive: true, force: true })
  }
  return figures
}

if (process.env[CHILD_FLAG] === '1') void serveChild()

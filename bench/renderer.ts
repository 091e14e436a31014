/**
 * Desktop client figures (issue: desktop shell): time from opening the built renderer to an
 * interactive sign-in form, time from pressing 登录 to the home tab, and the initial JavaScript
 * size. Uses the end-to-end harness: the real server, main on the test host, Chromium.
 */
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../src/server/db/client'
import { startServer } from '../src/server/bootstrap'
import { authSession, captcha } from '../src/server/db/schema'
import { AppHarness, ROOT, launchBrowser, type LabServer } from '../tests/e2e/harness'
import type { Suite } from './types'

const PASSWORD = 'Bench-admin-1'

/** Bytes of the scripts the renderer's index.html loads before anything is lazily imported. */
function initialScriptBytes(): { bytes: number; files: number } {
  const dir = join(ROOT, 'out/renderer')
  const html = readFileSync(join(dir, 'index.html'), 'utf8')
  const refs = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.js)"/g)].map((m) => m[1])
  return { bytes: refs.reduce((sum, ref) => sum + statSync(join(dir, ref)).size, 0), files: refs.length }
}

export const rendererSuite: Suite = async () => {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) throw new Error('run `npm run build` first')
  const database = await openDatabase({})
  const { app } = await startServer({
    database,
    config: {
      fileDir: mkdtempSync(join(tmpdir(), 'lab-bench-')),
      demo: false,
      adminPassword: PASSWORD,
      logger: false,
    },
  })
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  const server = {
    url,
    server: undefined as never,
    async captchaCode(key: string) {
      const rows = await database.db.select().from(captcha).where(eq(captcha.key, key))
      return rows[0].code
    },
    async revokeAllSessions() {
      await database.db.update(authSession).set({ revoked: true })
    },
    close: async () => undefined,
  } satisfies LabServer
  const browser = await launchBrowser()
  const toForm: number[] = []
  const toHome: number[] = []
  try {
    for (let run = 0; run < 5; run++) {
      const opened = performance.now()
      const harness = await AppHarness.launch({ server, browser, name: `bench-${run}` })
      await harness.page.getByRole('button', { name: '登录' }).waitFor()
      await harness.waitForCaptcha()
      toForm.push(performance.now() - opened)
      const started = performance.now()
      await harness.signIn('admin', PASSWORD)
      await harness.page.getByRole('tab', { name: '首页' }).first().waitFor()
      toHome.push(performance.now() - started)
      await harness.close()
    }
  } finally {
    await browser.close()
    await app.close()
    await database.close()
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  const js = initialScriptBytes()
  return [
    {
      name: 'open to interactive sign-in form (median of 5)',
      value: median(toForm),
      unit: 'ms',
      note: 'main start + page load + captcha',
    },
    {
      name: 'sign-in to home tab (median of 5)',
      value: median(toHome),
      unit: 'ms',
      note: 'includes typing the form',
    },
    {
      name: 'initial JavaScript',
      value: Math.round(js.bytes / 1024),
      unit: 'KiB',
      note: `${js.files} file(s), uncompressed`,
    },
  ]
}

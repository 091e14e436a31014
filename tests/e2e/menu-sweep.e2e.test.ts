import { describe, expect, it } from 'vitest'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'

/**
 * Every menu the administrator has opens its screen on an empty school: no page that crashed
 * (页面出现错误), no 此功能尚未开放, no error thrown in the page. The area stories test what the
 * screens do; this sweep catches a screen that cannot even open. One fresh app per top-level group,
 * so a group's open tabs do not pile up.
 */
const t = useLabApp('menu-sweep')
const SWEEP_TIMEOUT = 900_000

interface MenuNode {
  name: string
  path?: string
  category?: number
  children?: MenuNode[]
}

/** The leaf screens of a group: menu paths of the app's own routes (no parameters, no outside links). */
function screensOf(node: MenuNode, out: { path: string; name: string }[] = []) {
  for (const child of node.children ?? []) {
    if (child.children?.length) screensOf(child, out)
    else if (child.path?.startsWith('/') && !child.path.includes(':'))
      out.push({ path: child.path, name: child.name })
  }
  return out
}

/**
 * Goes to a menu path (names repeat across groups, e.g. 实验项目, so not by tab name). The hash is set
 * again while it is not the path: the shell's own navigation right after sign-in may replace it.
 */
async function open(app: AppHarness, path: string, name: string) {
  const hash = async () => decodeURI(String(await app.page.evaluate('location.hash')))
  await expect
    .poll(
      async () => {
        if ((await hash()) !== `#${path}`) {
          await app.page.evaluate(`location.hash = '#${path}'`)
          // the tab comes with the navigation: look at once rather than a poll interval later
          await app.page
            .getByRole('tab', { name })
            .first()
            .waitFor({ timeout: 3000 })
            .catch(() => undefined)
          if ((await hash()) !== `#${path}`) return false
        }
        return (await app.page.getByRole('tab', { name }).count()) > 0
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true)
}

/**
 * Waits until the screen has settled: its lazy chunk is in (no Suspense spinner), nothing shows a
 * skeleton or spinner, and no call of the page waits for main, seen twice in a row (a call an
 * effect makes right after a render starts between the two looks). False when it did not settle
 * in time; the screen is checked all the same.
 */
async function settled(app: AppHarness): Promise<boolean> {
  const busy = app.page.locator('.fui-Spinner, .fui-Skeleton').filter({ visible: true })
  let quiet = 0
  return expect
    .poll(
      async () => {
        const calls = Number(await app.page.evaluate('window.__labIpcPending ?? 0'))
        quiet = calls === 0 && (await busy.count()) === 0 ? quiet + 1 : 0
        return quiet
      },
      { timeout: 15_000, interval: 150 },
    )
    .toBeGreaterThanOrEqual(2)
    .then(
      () => true,
      () => false,
    )
}

/**
 * Counts the page's calls to main that have no answer yet (`window.__labIpcPending`): every call of the
 * preload goes through the harness's `__labIpcInvoke` binding, which is wrapped here in the loaded page.
 */
async function countPendingCalls(app: AppHarness): Promise<void> {
  await app.page.evaluate(() => {
    const w = globalThis as unknown as {
      __labIpcInvoke: (...args: unknown[]) => Promise<unknown>
      __labIpcPending: number
    }
    const invoke = w.__labIpcInvoke
    w.__labIpcPending = 0
    w.__labIpcInvoke = (...args) => {
      w.__labIpcPending++
      return invoke(...args).finally(() => w.__labIpcPending--)
    }
  })
}

async function signedIn(): Promise<AppHarness> {
  if (t.app) await t.app.close()
  const app = await t.launch()
  await countPendingCalls(app)
  await app.signIn('admin', TEST_ADMIN_PASSWORD)
  await app.page.getByRole('tab', { name: '首页' }).first().waitFor()
  return app
}

describe('menu sweep', () => {
  it(
    'opens every screen of every group without a crash, a 尚未开放 page or a page error',
    async () => {
      const server = t.server.server
      const admin = server.api(await server.login('admin', TEST_ADMIN_PASSWORD))
      const groups = (await admin.get('/api/blade-system/menu/routes')).body.data as MenuNode[]
      const problems: string[] = []
      const unsettled: string[] = []
      let opened = 0
      for (const group of groups) {
        const screens = screensOf(group)
        if (!screens.length) continue
        const app = await signedIn()
        const page = app.page
        for (const screen of screens) {
          const seen = app.pageErrors.length
          try {
            await open(app, screen.path, screen.name)
          } catch {
            problems.push(`${group.name} › ${screen.name} (${screen.path}): the tab did not open`)
            continue
          }
          opened++
          if (!(await settled(app))) unsettled.push(screen.path)
          const shown = (text: string) => page.getByText(text).filter({ visible: true }).count()
          if (await shown('页面出现错误'))
            problems.push(`${group.name} › ${screen.name} (${screen.path}): crashed`)
          if (await shown('此功能尚未开放'))
            problems.push(`${group.name} › ${screen.name} (${screen.path}): not built`)
          if (screen.path === '/base/college') await app.screenshot('院系管理')
          for (const e of app.pageErrors.slice(seen))
            problems.push(`${group.name} › ${screen.name} (${screen.path}): page error ${e}`)
        }
        await app.screenshot(`last of ${group.name}`)
      }
      if (unsettled.length) console.log('screens still busy when checked:', unsettled.join(', '))
      expect(problems).toEqual([])
      expect(opened).toBeGreaterThan(100)
    },
    SWEEP_TIMEOUT,
  )
})

import type { Locator, Page } from 'playwright'
import { expect, TestRunner } from 'vitest'
import type { AppHarness } from './harness'

/** Waits for a toast whose title holds the text. */
export const toast = (page: Page, text: string) =>
  page.locator('.fui-ToastTitle', { hasText: text }).first().waitFor()

/**
 * Opens a menu path as a tab and selects it. The shell may still settle on 首页 right after
 * sign-in, so it navigates until the tab is there.
 */
export async function openTab(app: AppHarness, path: string, title: string): Promise<void> {
  const tab = app.page.getByRole('tab', { name: title }).first()
  await expect
    .poll(
      async () => {
        if (await tab.isVisible()) return true
        await app.page.evaluate(`location.hash = '#${path}'`)
        return tab
          .waitFor({ timeout: 3000 })
          .then(() => true)
          .catch(() => false)
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true)
  // A click that lands while a closing dialog still holds the focus trap is lost: click until the
  // tab's page is the current one.
  await expect
    .poll(
      async () => {
        const hash = decodeURI(String(await app.page.evaluate('location.hash')))
        if (hash === `#${path}` || hash.startsWith(`#${path}?`)) return true
        await tab.click()
        return false
      },
      { timeout: 30_000, interval: 300 },
    )
    .toBe(true)
}

/** The rows of a table that hold the text. */
export const row = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text })

/** Opens a menu path as a tab and answers the screen's region (named after the screen). */
export async function openRegion(app: AppHarness, path: string, title: string): Promise<Locator> {
  await openTab(app, path, title)
  return app.page.getByRole('region', { name: title }).first()
}

/** Fills a text box of a form by its label. */
export const text = (dialog: Locator, label: RegExp | string, value: string) =>
  dialog.getByRole('textbox', { name: label }).fill(value)

/** A Dropdown of the form: opens it and picks the options (a multi-select lists checkbox items). */
export async function choose(page: Page, dialog: Locator, label: RegExp, ...options: string[]) {
  await dialog.getByRole('combobox', { name: label }).click()
  const role = options.length > 1 ? 'menuitemcheckbox' : 'option'
  for (const o of options) await page.getByRole(role, { name: o }).click()
  if (options.length > 1) await page.keyboard.press('Escape')
}

/** A single-choice tree select of the form (TreePicker): opens it and clicks one node's name. */
export async function pickTree(page: Page, dialog: Locator, label: RegExp, node: string) {
  await dialog.getByRole('button', { name: label }).click()
  // the picker's own tree, not a tree of the screen behind the dialog that shows the same node
  const popup = page.locator('.fui-PopoverSurface').getByRole('tree')
  await popup.getByRole('treeitem', { name: node }).first().getByText(node, { exact: true }).click()
  await page.getByRole('tree').waitFor({ state: 'detached' })
  await expect.poll(() => dialog.getByRole('button', { name: label }).textContent()).toContain(node)
}

/** A Dropdown of the form: opens it and picks its first option (a dictionary whose labels vary). */
export async function chooseFirst(page: Page, dialog: Locator, label: RegExp) {
  await dialog.getByRole('combobox', { name: label }).click()
  await page.getByRole('option').first().click()
}

/** A multi-choice tree select (TreePicker): opens it, checks one node (and so its subtree), closes. */
export async function checkTree(page: Page, dialog: Locator, label: RegExp, node: string) {
  await dialog.getByRole('button', { name: label }).click()
  await page.getByRole('treeitem', { name: node }).first().getByRole('checkbox').first().check()
  await page.keyboard.press('Escape')
  await page.getByRole('tree').waitFor({ state: 'detached' })
  await expect.poll(() => dialog.getByRole('button', { name: label }).textContent()).toContain(node)
}

/** Answers 确定 to the delete confirmation (确定将选择数据删除?) and waits for 删除成功. */
export async function confirmDelete(page: Page): Promise<void> {
  await page.getByText('确定将选择数据删除?').waitFor()
  await page.getByRole('button', { name: '确定' }).click()
  await toast(page, '删除成功')
}

/**
 * One walk of a generic resource page (ResourcePage) through the UI, each step checked by what the
 * user sees: list, 删除 with no selection, 新增 after a failed save (the definition's messages),
 * two more rows, search, 编辑, 查看, 删除 of one row, then the other two selected and deleted at once.
 */
export interface PageWalk {
  path: string
  title: string
  /** Messages the empty form shows on 保存. */
  required: string[]
  /** Fills a valid new row number `n` (1, 2, 3); each row shows `key(n)` in the grid, also after 编辑. */
  fill(dialog: Locator, n: number): Promise<void>
  key(n: number): string
  /** The search box and the value that finds the three new rows and nothing else. */
  search: { label: string; value: string }
  /**
   * A text box of the form and its new value on 编辑 (shown in the view dialog, and in the grid unless
   * not listed); none for a screen without 编辑.
   */
  edit?: { label: RegExp; value: string; listed?: boolean }
  /** The add button's name (新增 unless the screen names it otherwise, e.g. 权限配置). */
  addButton?: string
  /** false for a screen without 查看. */
  view?: boolean
  /** Paged list (共 n 条 under it); trees are not. */
  paged?: boolean
}

/** A retry of the running story (vitest's `retry`): it runs against the server its failed try left. */
export const isRetry = () => (TestRunner.getCurrentTest()?.result?.retryCount ?? 0) > 0

/**
 * Rows a failed earlier try of the same walk left behind (a retried story runs against the same
 * server): found by the walk's search and deleted at once, so the walk's counts start from none.
 * Only a retry looks: a first try's server has none.
 */
async function removeLeftovers(screen: Locator, grid: Locator, walk: PageWalk): Promise<void> {
  const search = screen.getByRole('search')
  await search.getByRole('textbox', { name: walk.search.label }).fill(walk.search.value)
  await screen.getByRole('button', { name: '搜索', exact: true }).click()
  const empty = screen.getByText('暂无数据')
  const found = grid.getByRole('row').nth(1).filter({ hasText: walk.search.value })
  await empty.or(found).first().waitFor()
  if (!(await empty.isVisible())) {
    // every row but the header is the search's, so 全选 takes only leftovers
    await expect.poll(() => grid.getByRole('row').filter({ hasNotText: walk.search.value }).count()).toBe(1)
    await grid.getByRole('checkbox', { name: 'select all' }).check()
    await screen.getByRole('toolbar').getByRole('button', { name: '删除' }).click()
    await confirmDelete(screen.page())
    await empty.waitFor()
  }
  await search.getByRole('button', { name: '清空' }).click()
}

export async function walkResourcePage(app: AppHarness, walk: PageWalk): Promise<Locator> {
  const page = app.page
  const screen = await openRegion(app, walk.path, walk.title)
  const grid = screen.getByRole('grid', { name: walk.title })
  await grid.waitFor()
  await expect.poll(() => screen.getByText('加载失败').count()).toBe(0)
  await app.screenshot(`${walk.title} list`)
  if (isRetry()) await removeLeftovers(screen, grid, walk)

  // bulk delete with nothing selected
  await screen.getByRole('toolbar').getByRole('button', { name: '删除' }).click()
  await toast(page, '请选择至少一条数据')

  // add: the empty save shows the definition's messages, then a valid row saves
  const dialog = page.getByRole('dialog')
  const add = screen.getByRole('button', { name: walk.addButton ?? '新增', exact: true })
  await add.click()
  await dialog.getByRole('button', { name: '保存' }).click()
  for (const message of walk.required) await dialog.getByText(message).first().waitFor()
  await app.screenshot(`${walk.title} add invalid`)
  for (const n of [1, 2, 3]) {
    if (n > 1) await add.click()
    await walk.fill(dialog, n)
    if (n === 1) await app.screenshot(`${walk.title} add dialog`)
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增成功')
    await dialog.waitFor({ state: 'detached' })
  }

  // search finds the three
  await screen.getByRole('search').getByRole('textbox', { name: walk.search.label }).fill(walk.search.value)
  await screen.getByRole('button', { name: '搜索', exact: true }).click()
  if (walk.paged !== false) await screen.getByText('共 3 条').waitFor()
  await expect.poll(() => grid.getByRole('row').count()).toBe(4)
  for (const n of [1, 2, 3]) await row(grid, walk.key(n)).first().waitFor()
  await app.screenshot(`${walk.title} search`)

  // edit row 1
  const edit = walk.edit
  if (edit) {
    await row(grid, walk.key(1)).getByRole('button', { name: '编辑' }).click()
    await expect.poll(() => dialog.getByRole('button', { name: '保存' }).isEnabled()).toBe(true)
    await app.screenshot(`${walk.title} edit dialog`)
    await dialog.getByRole('textbox', { name: edit.label }).fill(edit.value)
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '修改成功')
    await dialog.waitFor({ state: 'detached' })
    if (edit.listed !== false) await grid.getByText(edit.value).first().waitFor()
  }

  // view row 1
  if (walk.view !== false) {
    await row(grid, walk.key(1)).getByRole('button', { name: '查看' }).click()
    await dialog
      .getByText(edit?.value ?? walk.key(1))
      .first()
      .waitFor()
    await app.screenshot(`${walk.title} view dialog`)
    await dialog.getByRole('button', { name: '关闭' }).last().click()
    await dialog.waitFor({ state: 'detached' })
  }

  // delete row 3 after the confirmation
  await row(grid, walk.key(3)).getByRole('button', { name: '删除' }).click()
  await confirmDelete(page)
  await row(grid, walk.key(3)).waitFor({ state: 'detached' })

  // bulk delete the other two
  for (const n of [1, 2]) await row(grid, walk.key(n)).getByRole('checkbox', { name: 'select row' }).check()
  await screen.getByText('已选择 2 项').waitFor()
  await app.screenshot(`${walk.title} selection`)
  await screen.getByRole('toolbar').getByRole('button', { name: '删除' }).click()
  await confirmDelete(page)
  await expect.poll(() => grid.getByRole('row').count()).toBe(1)
  await screen.getByText('暂无数据').waitFor()
  await screen.getByRole('search').getByRole('button', { name: '清空' }).click()
  return screen
}

/**
 * Types a day (`yyyy-MM-dd`) into the date picker labelled `label` and leaves it, as a user who
 * types rather than clicks through the calendar.
 */
export async function fillDate(scope: Locator | Page, label: string, day: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true })
  await input.fill(day)
  await input.press('Tab')
}

/** Types `yyyy-MM-dd HH:mm` into a date-time field: the day into its date picker, the time into its time picker. */
export async function fillDateTime(scope: Locator | Page, label: string, value: string): Promise<void> {
  const [day, time] = value.split(' ')
  await fillDate(scope, label, day)
  const clock = scope.getByLabel(`${label} HH:mm`, { exact: true })
  await clock.fill(time)
  await clock.press('Tab')
}

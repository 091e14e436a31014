import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ne } from 'drizzle-orm'
import type { Locator, Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { academic } from '../../src/server/db/schema'
import { addScheduleFixture, type ScheduleFixture } from '../../src/server/teach/schedule/testing'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { createUser, type CreatedUser } from '../support/fixtures'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { openTab, row, toast } from './screens'

const t = useLabApp('schedule', null)

let seeded: Promise<{ f: ScheduleFixture; li: CreatedUser }> | null = null

/**
 * The scheduling fixture (term 2025-2026-1 made the current one), 李四 (T0123) with the account lisi;
 * made once for the file (the server is the file's).
 */
function seed() {
  seeded ??= (async () => {
    const database = t.server.server.database
    const li = await createUser(database, { account: 'lisi', roleAlias: 'teacher' })
    const f = await addScheduleFixture(database.db, { accounts: { T0123: li.id } })
    await database.db.update(academic).set({ isCurrent: 0 }).where(ne(academic.id, f.termId))
    return { f, li }
  })()
  return seeded
}

/** Published batches made through the API (the stories of the wizard and 排课管理 are the first test's). */
async function publishBatches(batches: Record<string, unknown>[]) {
  const server = t.server.server
  const api = server.api(await server.login())
  const saved = await api.post('/api/teach/batchplan/saveList', { body: batches })
  expect(saved.body.msg).toBe('操作成功')
  const ids = saved.body.data.ids as string[]
  for (const step of ['batchSubmit', 'publish'])
    expect((await api.post(`/api/teach/batchplan/${step}`, { body: { ids } })).body.success).toBe(true)
}

async function as(account: string, password: string): Promise<AppHarness> {
  if (t.app) await t.app.close()
  const app = await t.launch()
  await app.signIn(account, password)
  await app.page.getByRole('tab', { name: '首页' }).first().waitFor()
  return app
}

/** Clicks a cell of a 星期 × 节次 grid. */
const cell = (grid: Locator, weekday: number, section: number) =>
  grid.locator(`[data-weekday="${weekday}"][data-section="${section}"]`)

/** Picks an option of a Fluent Dropdown by its label. */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option }).click()
}

/** Checks options of a multi-select Fluent Dropdown (rooms, teachers) and closes it. */
async function pickMany(page: Page, scope: Locator, label: string, ...options: string[]) {
  await scope.getByRole('combobox', { name: label }).click()
  for (const o of options) await page.getByRole('menuitemcheckbox', { name: o }).click()
  await page.keyboard.press('Escape')
}

describe('scheduling', () => {
  it('wizard → batches → collision explained → publish → timetable', async () => {
    const { li } = await seed()
    let app = await as('admin', TEST_ADMIN_PASSWORD)
    let page = app.page

    // 制定排课计划: the approved EE2001 line is 待排; two batches of one class each, 星期二 in A301.
    await openTab(app, '/teach/addPlan', '制定排课计划')
    const tasks = page.getByRole('table', { name: '选择项目' })
    await row(tasks, 'EE2001').getByText('待排').waitFor()
    await app.screenshot('wizard 1 projects')
    await row(tasks, 'EE2001').getByRole('button', { name: '下一步' }).click()
    const info = page.getByTestId('plan-info')
    await info.getByText('共60人').waitFor()
    await app.screenshot('wizard 2 plan info')
    await info.getByRole('button', { name: '下一步' }).click()
    const grid = page.getByRole('table', { name: '选择时间' })
    await expect.poll(() => cell(grid, 3, 1).getAttribute('data-state')).toBe('holiday')
    await page.getByRole('checkbox', { name: '计科2202（30）' }).uncheck()
    await cell(grid, 2, 1).click()
    await cell(grid, 2, 2).click()
    await page.getByTestId('picked-time').getByText('星期二').waitFor()
    await app.screenshot('wizard 3 time')
    await page.getByRole('button', { name: '下一步' }).click()
    const rooms = page.getByRole('table', { name: '建议房间' })
    await row(rooms, 'A301').getByRole('checkbox').check()
    await app.screenshot('wizard 4 rooms')
    await page.getByRole('button', { name: '添加批次' }).click()
    await page.getByRole('table', { name: '分批' }).getByText('第1批').waitFor()
    await page.getByRole('button', { name: '添加批次' }).click()
    await expect.poll(() => page.getByRole('checkbox', { name: '计科2202（30）' }).isChecked()).toBe(true)
    await cell(grid, 2, 3).click()
    await cell(grid, 2, 4).click()
    await page.getByRole('button', { name: '下一步' }).click()
    await row(rooms, 'A301').getByRole('checkbox').check()
    await page.getByRole('button', { name: '添加批次' }).click()
    await page.getByRole('table', { name: '分批' }).getByText('第2批').waitFor()
    await app.screenshot('wizard 5 batches')
    await page.getByRole('button', { name: '下一步' }).click()
    await page.getByRole('button', { name: '保存计划' }).click()
    await toast(page, '保存成功')
    await page.getByRole('button', { name: '确认排课' }).click()
    await toast(page, '操作成功')
    await page.getByTestId('wizard-line').getByText('已确认').waitFor()
    await app.screenshot('wizard 6 saved')

    // 排课管理: a batch of another course with 李四 at the same time is a teacher collision, explained.
    await openTab(app, '/teach/batchplan', '排课管理')
    const list = page.getByRole('table', { name: '排课管理' })
    await row(list, '第2批').getByText('已提交').waitFor()
    await page.getByRole('toolbar').getByRole('button', { name: '新增' }).click()
    const form = page.getByRole('dialog', { name: '新增' })
    await form
      .getByRole('combobox', { name: '计划项目' })
      .selectOption({ label: 'EE2002 模拟电子技术 · 模拟电子技术实验（软工2202）' })
    const weeks = form.getByRole('group', { name: '周次' })
    await weeks.getByRole('button', { name: '3', exact: true }).waitFor()
    for (const w of [4, 5, 6, 7, 8, 9, 10])
      await weeks.getByRole('button', { name: String(w), exact: true }).click()
    await pick(page, form, '星期', '星期二')
    await pick(page, form, '开始节次', '第1节')
    await pick(page, form, '结束节次', '第2节')
    await pickMany(page, form, '房间', 'A305')
    await pickMany(page, form, '教师', '李四（T0123）')
    await app.screenshot('batch add')
    await form.getByRole('button', { name: '保存' }).click()
    const notes = page.getByTestId('collision-notes')
    await notes.getByText(/教师 李四（T0123）在第3周星期二第1-2节同时安排了/).waitFor()
    await app.screenshot('batch add collision')

    // 发布 with the collision open is refused with the list; the view's suggested time clears it.
    await row(list, '模拟电子技术实验').getByRole('checkbox').check()
    await page.getByRole('toolbar').getByRole('button', { name: '提交' }).click()
    await toast(page, '提交成功')
    await list.getByRole('checkbox', { name: '全选' }).check()
    await page.getByRole('toolbar').getByRole('button', { name: '发布' }).click()
    await page
      .getByTestId('publish-refused')
      .getByText(/以下排课存在未处理的冲突，不能发布：\s*1\. 教师 李四/)
      .waitFor()
    await app.screenshot('publish refused')
    await openTab(app, '/teach/teachercollision', '教师冲突')
    const collisions = page.getByRole('table', { name: '教师冲突' })
    await row(collisions, '李四').getByText('未处理').waitFor()
    await app.screenshot('teacher collisions')
    await row(collisions, '李四').getByRole('button', { name: '查看' }).click()
    const view = page.getByRole('dialog', { name: '教师冲突' })
    const suggestions = view.getByTestId('suggestions')
    await suggestions.getByRole('button', { name: '应用' }).first().waitFor()
    await app.screenshot('collision view suggestions')
    await suggestions.getByRole('button', { name: '应用' }).first().click()
    await toast(page, '已应用')
    await view.getByText('已消除').waitFor()
    await view.getByRole('button', { name: '关闭' }).click()
    await collisions.getByText('暂无数据').waitFor()

    await openTab(app, '/teach/batchplan', '排课管理')
    await page.getByRole('button', { name: '查询', exact: true }).click()
    await expect.poll(() => list.getByText(/冲突 \d/).count()).toBe(0)
    await list.getByRole('checkbox', { name: '全选' }).check()
    await page.getByRole('toolbar').getByRole('button', { name: '发布' }).click()
    await toast(page, '发布成功')
    await expect.poll(() => list.getByText('已发布').count()).toBe(3)
    await app.screenshot('published')

    // 李四 sees both 电路实验 batches in 我的课表, by week and 全部周, and exports the grid.
    app = await as('lisi', li.password)
    page = app.page
    await openTab(app, '/teach/myTimetable', '我的课表')
    const timetable = page.getByRole('table', { name: '课表' })
    await timetable.getByText('电路实验 第1批').waitFor()
    await timetable.getByText('电路实验 第2批').waitFor()
    await app.screenshot('my timetable all weeks')
    const target = join(mkdtempSync(join(tmpdir(), 'schedule-')), '我的课表.xlsx')
    app.host.dialog.savePaths.push(target)
    await page.getByRole('button', { name: '导出' }).click()
    await toast(page, '导出成功')
    const book = XLSX.read(readFileSync(target))
    const sheet = XLSX.utils.sheet_to_csv(book.Sheets[book.SheetNames[0]!]!)
    expect(sheet).toContain('电路实验 第1批')
  })

  it('a teacher asks to move a week; a busy target is refused; staff approve; the timetable follows', async () => {
    const { f, li } = await seed()
    const line = async (project: string) => {
      const r = await t.server.server
        .api(await t.server.server.login())
        .get('/api/teach/newBatchPlan/projectList', { academicYearId: f.termId })
      return (r.body.data as { coursePlanProjectId: string; projectName: string }[]).find(
        (l) => l.projectName === project,
      )!.coursePlanProjectId
    }
    const batch = { roomIds: [f.rooms.A307], teacherIds: [f.teachers.T0123] }
    await publishBatches([
      {
        ...batch,
        coursePlanProjectId: await line('数字电路实验'),
        weeks: [3, 4, 5, 6, 7, 8, 9, 10],
        weekday: 4,
        startSection: 1,
        endSection: 2,
      },
      {
        ...batch,
        coursePlanProjectId: await line('模拟电子技术实验'),
        weeks: [11],
        weekday: 4,
        startSection: 3,
        endSection: 4,
      },
    ])
    const server = t.server.server
    const draft = await server.api(await server.login()).post('/api/teach/batchplan/saveList', {
      body: [{ ...batch, coursePlanProjectId: await line('数字电路实验'), weeks: [12, 13] }],
    })
    expect(draft.body.success).toBe(true)

    // 李四 moves week 6 of 数字电路实验 第1批 to week 11: 星期四 第3-4节 is busy, 星期五 第1-2节 is free.
    let app = await as('lisi', li.password)
    let page = app.page
    await openTab(app, '/teach/teachbatchplanadjust', '调课申请')
    await page.getByRole('button', { name: '新增' }).click()
    const form = page.getByRole('dialog', { name: '新增' })
    const batches = form.getByRole('combobox', { name: '选择已发布的排课' })
    await expect.poll(() => batches.locator('option').count()).toBeGreaterThan(1)
    const label = await batches.locator('option', { hasText: '数字电路实验 第1批' }).textContent()
    await batches.selectOption({ label: label! })
    await form
      .getByRole('group', { name: '调整周次' })
      .getByRole('button', { name: '6', exact: true })
      .click()
    await form
      .getByRole('group', { name: '调整后周次' })
      .getByRole('button', { name: '11', exact: true })
      .click()
    const grid = form.getByRole('table', { name: '选择时间' })
    await expect.poll(() => cell(grid, 4, 3).getAttribute('data-state')).toBe('busy')
    await cell(grid, 4, 3).click()
    await cell(grid, 4, 4).click()
    await form.getByRole('textbox', { name: '调课原因' }).fill('参加学术会议')
    await app.screenshot('adjust busy target')
    await form.getByRole('button', { name: '提交审核' }).click()
    await page
      .getByText(/调整后存在冲突：/)
      .first()
      .waitFor()
    await cell(grid, 5, 1).click()
    await cell(grid, 5, 2).click()
    await form.getByTestId('before-after').getByText('第11周星期五第1-2节').waitFor()
    await app.screenshot('adjust free target')
    await form.getByRole('button', { name: '提交审核' }).click()
    await toast(page, '提交成功')
    await row(page.getByRole('table', { name: '调课申请' }), '数字电路实验')
      .getByText('审核中')
      .waitFor()
    await app.screenshot('adjust submitted')

    // Staff approve in 调课审核; 第1批 keeps the other weeks and week 11 is a new published batch.
    app = await as('admin', TEST_ADMIN_PASSWORD)
    page = app.page
    await openTab(app, '/teach/teachbatchplanadjustAudit', '调课审核')
    const audit = page.getByRole('table', { name: '调课审核' })
    await row(audit, '数字电路实验').getByRole('button', { name: '审核' }).click()
    const dialog = page.getByRole('dialog', { name: '审核' })
    await dialog.getByTestId('fresh-check').waitFor()
    await app.screenshot('adjust audit')
    await dialog.getByRole('button', { name: '同意' }).click()
    await toast(page, '同意')
    await openTab(app, '/teach/teacherTimetable', '教师课表')
    await row(page.getByRole('table', { name: '教师' }), 'T0123').click()
    const timetable = page.getByRole('table', { name: '课表' })
    await timetable.getByText('数字电路实验 第1批').first().waitFor()
    await expect.poll(() => timetable.getByText('第3-5、7-10周').count()).toBe(1)
    await expect.poll(() => timetable.getByText('第11周').count()).toBeGreaterThan(0)
    await app.screenshot('teacher timetable after the adjustment')

    // 分配学生 takes two students out of a draft batch of the whole class.
    await openTab(app, '/teach/batchplan', '排课管理')
    const list = page.getByRole('table', { name: '排课管理' })
    const unsubmitted = row(list, '未提交').filter({ hasText: '数字电路实验' })
    await unsubmitted.getByRole('button', { name: '分配学生' }).click()
    const assign = page.getByRole('dialog', { name: /分配学生/ })
    const inBatch = assign.getByRole('list', { name: '本批学生' })
    await inBatch.getByRole('checkbox', { name: '220101 张三' }).check()
    await inBatch.getByRole('checkbox', { name: '220102' }).check()
    await assign.getByRole('button', { name: '移出 →' }).click()
    await assign.getByText('其他学生（2）').waitFor()
    await app.screenshot('assign students')
    await assign.getByRole('button', { name: '保存', exact: true }).click()
    await toast(page, '保存成功')
    await unsubmitted.getByRole('cell', { name: '28', exact: true }).waitFor()

    // 实验室课表 of A307 and 全校课表 show the same batches.
    await openTab(app, '/teach/labroomTimetable', '实验室课表')
    await row(page.getByRole('table', { name: '房间' }), 'A307').click()
    await page.getByRole('table', { name: '课表' }).getByText('第3-5、7-10周').last().waitFor()
    await app.screenshot('room timetable')
    await openTab(app, '/teach/schoolSchedule', '全校课表')
    await page.getByRole('table', { name: '全校课表' }).getByText('第3-5、7-10周').waitFor()
    await app.screenshot('school schedule')
  })
})

/**
 * 首页 per role through the UI (issue 15, behaviours 1–2): the lab office sees the KPI cards and the
 * seven charts with the school's figures, saves 实验室类别 as a PNG and the 教学统计明细 as an xlsx with
 * the ten headers; a teacher sees this week's batch and a lab appointment in 本周课表 and 我的待办, no
 * statistics; a student their week and an exam; a guest the banners and notices only.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { addAppointment, addBannerArticle, addExam, addHomeSchool } from '../../src/server/desk/home/testing'
import { addDays, localToday, mondayOf } from '../../src/shared/resources/lab/time'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { createUser, type CreatedUser } from '../support/fixtures'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { toast } from './screens'

const t = useLabApp('home')
const dir = mkdtempSync(join(tmpdir(), 'lab-e2e-home-'))
const monday = mondayOf(localToday())

let seeded: Promise<Record<string, CreatedUser>> | null = null
const seed = () => (seeded ??= seedOnce())

async function seedOnce() {
  const server = t.server.server
  const db = server.database.db
  const users: Record<string, CreatedUser> = {}
  for (const [account, role] of [
    ['e2e_home_staff', 'staff'],
    ['e2e_home_teacher', 'teacher'],
    ['220101', 'student'],
    ['e2e_home_guest', 'guest'],
  ])
    users[role] = await createUser(server.database, { account, roleAlias: role })
  // The term began two Mondays ago: the named batches (weeks 3–10) meet this week.
  const school = await addHomeSchool(db, {
    accounts: { T0123: users.teacher.id },
    termStartsOn: addDays(monday, -14),
  })
  await addAppointment(db, users.teacher.id, {
    roomId: school.rooms.A305,
    date: addDays(monday, 3),
    start: '14:00',
    end: '15:30',
    title: '课程设计答疑',
  })
  const at = (days: number, hour: number) => {
    const [y, m, d] = addDays(monday, days).split('-').map(Number)
    return new Date(y, m - 1, d, hour)
  }
  await addExam(db, {
    userId: users.student.id,
    name: '实验室安全准入考试',
    start: at(2, 19),
    end: at(2, 20),
  })
  await addExam(db, { userId: users.student.id, name: '危化品安全考试', start: at(9, 10), end: at(9, 11) })
  await addBannerArticle(db, '实验室开放周启动', '欢迎师生参观各实验中心')
  const admin = server.api(await server.login('admin', TEST_ADMIN_PASSWORD))
  const notice = await admin.post('/api/blade-desk/notice/submit', {
    body: {
      title: '关于实验室安全检查的通知',
      category: 1,
      releaseTime: `${localToday()} 08:00:00`,
      content: '请各实验室做好准备',
    },
  })
  expect(notice.status).toBe(200)
  return users
}

async function signIn(app: AppHarness, role: string) {
  const u = (await seed())[role]
  await app.signInToHome(u.account, u.password)
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

describe('首页 per role', () => {
  it('the office: KPI cards, seven charts, 导出图片 as PNG and 教学统计明细 as xlsx', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, 'staff')
    const cards = page.getByRole('region', { name: '统计概览' })
    await expect.poll(() => cards.getByRole('group', { name: '实验室' }).textContent()).toContain('5')
    expect(await cards.getByRole('group', { name: '实验房间' }).textContent()).toContain('11')
    expect(await cards.getByRole('group', { name: '设备(台件, 万元)' }).textContent()).toContain('10 / 55.4')
    expect(await cards.getByRole('group', { name: '本学期实验学时' }).textContent()).toContain('48')
    const titles = [
      '实验室类别',
      '各学院实验室与房间',
      '设备资产按分类',
      '近十年新增设备',
      '每周实验学时',
      '各学院实验学时',
      '近12周预约',
    ]
    for (const title of titles)
      await page
        .locator('[data-chart="ready"]')
        .filter({ hasText: title })
        .first()
        .waitFor({ timeout: 60_000 })
    await page
      .getByRole('table', { name: '教学统计明细' })
      .getByRole('cell', { name: '电路实验', exact: true })
      .waitFor()
    await page.getByRole('region', { name: '轮播' }).getByText('实验室开放周启动').waitFor()
    await app.screenshot('首页 office')
    await page.getByRole('table', { name: '教学统计明细' }).scrollIntoViewIfNeeded()
    await app.screenshot('首页 office 明细')

    const png = join(dir, '实验室类别.png')
    app.host.dialog.savePaths.push(png)
    await page
      .locator('[data-chart="ready"]')
      .filter({ hasText: '实验室类别' })
      .getByRole('button', { name: '导出图片' })
      .click()
    await expect.poll(() => readFileSync(png, { flag: 'r' }).length, { timeout: 20_000 }).toBeGreaterThan(100)
    const bytes = readFileSync(png)
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true)
    expect(bytes.readUInt32BE(16)).toBeGreaterThan(0)

    const xlsx = join(dir, '教学统计明细.xlsx')
    app.host.dialog.savePaths.push(xlsx)
    await page.getByRole('group', { name: '教学统计明细' }).getByRole('button', { name: '导出' }).click()
    await toast(page, '导出完成')
    const book = XLSX.read(readFileSync(xlsx), { type: 'buffer' })
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 })
    expect(rows[0]).toEqual([
      '学院',
      '课程号',
      '课程名称',
      '实验编号',
      '实验名称',
      '实验室',
      '批次数',
      '学时',
      '学生人数',
      '人时数',
    ])
    expect(rows).toHaveLength(4)
  })

  it("a teacher: this week's batch and lab appointment in 本周课表, 我的待办, no statistics", async () => {
    const { app } = t
    const page = app.page
    await signIn(app, 'teacher')
    const grid = page.getByRole('table', { name: '本周课表' })
    await grid.getByText('电路实验·第1批').waitFor()
    await grid.getByText('课程设计答疑').waitFor()
    await page.getByRole('group', { name: '我的待办' }).waitFor()
    expect(await page.getByRole('region', { name: '统计概览' }).count()).toBe(0)
    await app.screenshot('首页 teacher')
    await page.getByRole('button', { name: '下一周' }).click()
    await expect.poll(() => grid.getByText('电路实验·第1批').count()).toBe(1)
    await page.getByRole('button', { name: '上一周' }).click()
    await page.getByRole('button', { name: '上一周' }).click()
    // Week 2 of the term: the batches start in week 3.
    await expect.poll(() => grid.getByText('电路实验·第1批').count()).toBe(0)
  })

  it('a student: their week with the class batches and an exam; 待参加的考试', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, 'student')
    const grid = page.getByRole('table', { name: '本周安排' })
    await grid.getByText('电路实验·第1批').waitFor()
    await grid.getByText('数字电路实验·第3批').waitFor()
    await grid.getByText('安全考试：实验室安全准入考试').waitFor()
    await page.getByRole('group', { name: '待参加的考试' }).getByText('安全考试：危化品安全考试').waitFor()
    expect(await page.getByRole('region', { name: '统计概览' }).count()).toBe(0)
    await app.screenshot('首页 student')
  })

  it('a guest: the banners and notices only', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, 'guest')
    await page.getByRole('region', { name: '轮播' }).getByText('实验室开放周启动').waitFor()
    await page.getByText('关于实验室安全检查的通知').waitFor()
    expect(await page.getByRole('region', { name: '统计概览' }).count()).toBe(0)
    expect(await page.getByRole('group', { name: '我的待办' }).count()).toBe(0)
    expect(await page.getByRole('table', { name: /本周/ }).count()).toBe(0)
    await app.screenshot('首页 guest')
  })
})

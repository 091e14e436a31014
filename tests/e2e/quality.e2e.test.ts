import type { Locator, Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import { addQualityFixture } from '../../src/server/quality/testing'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { createUser } from '../support/fixtures'
import { useLabApp } from './fixture'
import { choose, openRegion, openTab, row, toast } from './screens'

/**
 * 质量检查 (issue 15, behaviour 6) through the UI: 课程检查 › 抽取数据 lists the term's courses with their
 * 开出率 and 录入检查结果 records a finding; 实验室检查 › 抽取数据 lists the term's rooms and one more is
 * added by hand with two photos; 检查情况 refuses to lock first, then summarises per college and 全校;
 * after locking all three an edit is refused with the term named; a staff member cannot unlock, an
 * administrator can. Screenshots of the three screens.
 */
const t = useLabApp('quality')
const TERM = '2024-2025学年第一学期'

/** A 1×1 PNG (what the photo tiles show, scaled). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** Clicks a bar button, answers 确定 to its question and waits for the toast. */
async function confirmed(page: Page, screen: Locator, button: string, answer: string) {
  await screen.getByRole('button', { name: button, exact: true }).click()
  await page.getByRole('button', { name: '确定' }).click()
  await toast(page, answer)
}

describe('质量检查', () => {
  it('extracts, records, summarises and locks a term; only an administrator unlocks', async () => {
    const server = t.server.server
    await addQualityFixture(server.database.db, { termName: TERM })
    const staffUser = await createUser(server.database, { account: 'e2e_quality_staff', roleAlias: 'staff' })

    const app = await t.launch()
    await app.signInToHome(staffUser.account, staffUser.password)
    const page = app.page

    // 课程检查: extract the current term, record 结论 and 问题 of EE2001.
    const course = await openRegion(app, '/quality/inspectioncourse', '课程检查')
    await course.getByText(`${TERM}课程检查未锁定`).waitFor()
    await confirmed(page, course, '抽取数据', '抽取完成')
    const courses = course.getByRole('grid', { name: '课程检查' })
    // 开出率(%) is a decimal column: shown with two places like every decimal of the lists
    await row(courses, 'EE2001').getByText('50.00', { exact: true }).waitFor()
    await row(courses, 'EE2002').getByText('100.00', { exact: true }).waitFor()
    expect(await row(courses, 'EE2003').count()).toBe(0)
    await row(courses, 'EE2001').getByRole('button', { name: '录入检查结果' }).click()
    const findings = page.getByRole('dialog')
    await findings.getByLabel('课程抽取数据').getByText('50%').waitFor()
    await choose(page, findings, /检查结论/, '良好')
    await findings.getByRole('textbox', { name: /存在问题/ }).fill('部分实验报告未批改')
    await app.screenshot('课程检查 录入检查结果')
    await findings.getByRole('button', { name: '保存' }).click()
    await toast(page, '检查结果已保存')
    await row(courses, 'EE2001').getByText('良好').waitFor()
    await app.screenshot('课程检查')

    // 实验室检查: extract the term's rooms, add A307 by hand with two photos.
    const room = await openRegion(app, '/quality/inspectionroom', '实验室检查')
    await confirmed(page, room, '抽取数据', '抽取完成')
    const rooms = room.getByRole('grid', { name: '实验室检查' })
    await row(rooms, 'A301').waitFor()
    await row(rooms, 'A305').waitFor()
    await room.getByRole('button', { name: '新增' }).click()
    const form = page.getByRole('dialog')
    await choose(page, form, /房间/, 'A307 A307')
    await choose(page, form, /检查结论/, '不合格')
    await form.getByRole('combobox', { name: /^安全/ }).click()
    await page.getByRole('option', { name: '符合', exact: true }).click()
    await choose(page, form, /^卫生/, '不符合')
    await form.getByRole('textbox', { name: /存在问题/ }).fill('通风柜损坏')
    await form.getByLabel('选择现场照片').setInputFiles([
      { name: '通风柜.png', mimeType: 'image/png', buffer: PNG },
      { name: '台面.png', mimeType: 'image/png', buffer: PNG },
    ])
    const photos = form.getByRole('group', { name: '现场照片' })
    await expect.poll(() => photos.getByRole('img').count(), { timeout: 30_000 }).toBe(2)
    await photos.getByText('2/9 张').waitFor()
    await photos.scrollIntoViewIfNeeded()
    await app.screenshot('实验室检查 新增 with photos')
    await form.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增成功')
    await row(rooms, 'A307').getByText('不合格').waitFor()
    await app.screenshot('实验室检查')

    // 检查情况: locking first is refused; the summary has its college and 全校.
    const situation = await openRegion(app, '/quality/inspectionsituation', '检查情况')
    await confirmed(page, situation, '锁定', '请先锁定课程检查和实验室检查')
    await confirmed(page, situation, '抽取数据', '抽取完成')
    const summary = situation.getByRole('table', { name: '各学院检查情况' })
    await row(summary, '全校').waitFor()
    await row(summary, '电子信息学院').waitFor()
    expect(await row(summary, '全校').getByRole('cell').allTextContents()).toEqual(
      // 学院, 课程 2 (1 检查: 良好), 开出率 75, 房间 3 (1 检查, 不合格), 2 问题, 0 整改
      ['全校', '2', '1', '0', '1', '0', '0', '75', '3', '1', '1', '2', '0', '0'],
    )
    await expect.poll(() => situation.locator('[data-chart="ready"]').count(), { timeout: 60_000 }).toBe(2)
    await app.screenshot('检查情况')

    // Lock all three; an edit is then refused with the term named.
    await openTab(app, '/quality/inspectioncourse', '课程检查')
    await confirmed(page, course, '锁定', '锁定成功')
    await course.getByText(`${TERM}课程检查已锁定`).waitFor()
    await openTab(app, '/quality/inspectionroom', '实验室检查')
    await confirmed(page, room, '锁定', '锁定成功')
    await openTab(app, '/quality/inspectionsituation', '检查情况')
    await confirmed(page, situation, '锁定', '锁定成功')
    await situation.getByText(`${TERM}检查情况已锁定`).waitFor()

    await openTab(app, '/quality/inspectioncourse', '课程检查')
    await row(courses, 'EE2001').getByRole('button', { name: '录入检查结果' }).click()
    await choose(page, findings, /检查结论/, '优秀')
    await findings.getByRole('button', { name: '保存' }).click()
    await toast(page, `${TERM}课程检查已锁定，不能修改`)
    await app.screenshot('课程检查 locked')
    await findings.getByRole('button', { name: '取消' }).click()
    await row(courses, 'EE2001').getByText('良好').waitFor()
    await app.screenshot('课程检查 locked banner')

    // A staff member cannot unlock.
    await confirmed(page, course, '解锁', '只有管理员可以解锁')
    await course.getByText(`${TERM}课程检查已锁定`).waitFor()

    // An administrator unlocks 检查情况, then 课程检查.
    const adminApp = await t.launch()
    await adminApp.signInToHome('admin', TEST_ADMIN_PASSWORD)
    const adminSituation = await openRegion(adminApp, '/quality/inspectionsituation', '检查情况')
    await confirmed(adminApp.page, adminSituation, '解锁', '解锁成功')
    const adminCourse = await openRegion(adminApp, '/quality/inspectioncourse', '课程检查')
    await confirmed(adminApp.page, adminCourse, '解锁', '解锁成功')
    await adminCourse.getByText(`${TERM}课程检查未锁定`).waitFor()
    await adminApp.screenshot('课程检查 unlocked by the administrator')
  }, 300_000)
})

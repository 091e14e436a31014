import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { createUser, type CreatedUser } from '../support/fixtures'
import type { Api } from '../support/server'
import { useLabApp } from './fixture'
import { chooseFirst, openRegion, pickTree, row, text, toast } from './screens'

/**
 * The portal through the UI (issue 15 behaviours 3, 4 and a small 5): a notice written in the rich
 * text editor with bold, a list, an image and two attachments, read by a student who saves an
 * attachment; 新闻动态 › 实验室动态 with a banner article (cover, 发布, 下线) seen on 首页; an export of
 * 20,001 rows queued in 下载中心, made, and saved through the save dialog.
 */
const t = useLabApp('portal')
const dir = mkdtempSync(join(tmpdir(), 'lab-portal-e2e-'))
let admin: Api
let staff: CreatedUser
let student: CreatedUser

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

beforeAll(async () => {
  const server = t.server.server
  admin = server.api(await server.login('admin', TEST_ADMIN_PASSWORD))
  staff = await createUser(server.database, { account: 'portal_staff', roleAlias: 'staff' })
  student = await createUser(server.database, { account: 'portal_student', roleAlias: 'student' })
})

const NOTICE = '期末实验考核安排'

describe('通知公告, 内容管理 and 下载中心', () => {
  it('the office writes a notice with bold text, a list, an image and two attachments', async () => {
    const { app } = t
    const page = app.page
    await app.signInToHome(staff.account, staff.password)
    const screen = await openRegion(app, '/desk/notice', '通知公告')
    await screen.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await text(dialog, /标题/, NOTICE)
    await chooseFirst(page, dialog, /通知类型/)

    const editor = dialog.getByRole('textbox', { name: '通知内容' })
    await editor.click()
    await dialog.getByRole('button', { name: '加粗' }).click()
    await page.keyboard.type('请各班按时到场')
    await dialog.getByRole('button', { name: '加粗' }).click()
    await page.keyboard.press('Enter')
    await dialog.getByRole('button', { name: '无序列表' }).click()
    await page.keyboard.type('携带学生证')
    await page.keyboard.press('Enter')
    await page.keyboard.type('提前十分钟入场')
    await dialog
      .getByTestId('rich-image-input')
      .setInputFiles({ name: '考场.png', mimeType: 'image/png', buffer: PNG })
    // The uploaded image shows in the editor from a blob: URL (the CSP loads no server images).
    await expect
      .poll(() => editor.locator('img').first().getAttribute('src'), { timeout: 15_000 })
      .toMatch(/^blob:/)

    await dialog.getByTestId('files-input').setInputFiles([
      { name: '考核安排.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 安排') },
      { name: '分组名单.txt', mimeType: 'text/plain', buffer: Buffer.from('一组 二组') },
    ])
    await dialog.getByText('分组名单.txt').waitFor()
    await dialog.getByText('考核安排.pdf').waitFor()
    await app.screenshot('notice-editor')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增成功')
    await row(screen, NOTICE).first().waitFor()

    const stored = (await admin.get('/api/blade-desk/notice/list', { title: NOTICE })).body.data.records[0]
    expect(stored.content).toContain('<strong>请各班按时到场</strong>')
    expect(stored.content).toContain('<ul><li><p>携带学生证</p></li><li><p>提前十分钟入场</p>')
    expect(stored.content).toMatch(/<img src="[^"]*\/api\/blade-resource\/oss\/file\/upload\//)
    expect(String(stored.attachIds).split(',')).toHaveLength(2)

    // A script or an onerror put in through the API is gone when read back.
    const hostile = await admin.post('/api/blade-desk/notice/submit', {
      body: {
        id: stored.id,
        content: `${stored.content}<script>alert(1)</script><img src=x onerror="alert(2)">`,
      },
    })
    expect(hostile.status).toBe(200)
    const back = (await admin.get('/api/blade-desk/notice/detail', { id: stored.id })).body.data
    expect(back.content).not.toMatch(/script|onerror/)
    expect(back.content).toBe(stored.content)
  })

  it('a student reads the notice with its formatting and image and saves an attachment', async () => {
    const { app } = t
    const page = app.page
    await app.signInToHome(student.account, student.password)
    const screen = await openRegion(app, '/desk/notice', '通知公告')
    await row(screen, NOTICE).first().getByRole('button', { name: '查看' }).click()
    const dialog = page.getByRole('dialog')
    const body = dialog.locator('[data-rich-text]')
    await body.locator('strong', { hasText: '请各班按时到场' }).waitFor()
    await body.locator('li', { hasText: '提前十分钟入场' }).waitFor()
    await expect.poll(() => body.locator('img').getAttribute('src'), { timeout: 15_000 }).toMatch(/^blob:/)
    expect(await body.locator('script').count()).toBe(0)
    await app.screenshot('notice-reader')

    const target = join(dir, '分组名单.txt')
    app.host.dialog.savePaths.push(target)
    await dialog.getByRole('button', { name: '保存 分组名单.txt' }).click()
    await toast(page, '已保存')
    expect(readFileSync(target, 'utf8')).toBe('一组 二组')
  })

  it('新闻动态 › 实验室动态: a banner article with a cover is published, shown on 首页, taken offline', async () => {
    const { app } = t
    const page = app.page
    const dialog = page.getByRole('dialog')
    await app.signInToHome(staff.account, staff.password)
    const categories = await openRegion(app, '/cms/category', '栏目管理')
    await categories.getByRole('button', { name: '新增' }).click()
    await text(dialog, /栏目名称/, '新闻动态')
    await text(dialog, /栏目编码/, 'news')
    await dialog.getByRole('button', { name: '保存' }).click()
    await row(categories, '新闻动态').first().waitFor()
    await row(categories, '新闻动态').first().getByRole('button', { name: '新增子项' }).click()
    await text(dialog, /栏目名称/, '实验室动态')
    await text(dialog, /栏目编码/, 'lab-news')
    await dialog.getByRole('button', { name: '保存' }).click()
    await dialog.waitFor({ state: 'detached' })
    await app.screenshot('cms-category')

    const articles = await openRegion(app, '/cms/article', '文章管理')
    await articles.getByRole('button', { name: '新增' }).click()
    await pickTree(page, dialog, /^栏目/, '新闻动态')
    await text(dialog, /标题/, '实验室开放日')
    await dialog.getByRole('textbox', { name: '正文' }).click()
    await page.keyboard.type('欢迎参观各实验室')
    await dialog
      .getByRole('switch', { name: /首页轮播|否/ })
      .first()
      .check()
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '设为轮播的文章必须上传封面')
    await dialog
      .getByTestId('image-input')
      .setInputFiles({ name: '封面.png', mimeType: 'image/png', buffer: PNG })
    await expect
      .poll(() => dialog.getByRole('img', { name: '封面' }).getAttribute('src'), { timeout: 15_000 })
      .toMatch(/^blob:/)
    await dialog.getByRole('button', { name: '保存' }).click()
    await dialog.waitFor({ state: 'detached' })
    await row(articles, '实验室开放日').first().getByRole('button', { name: '发布' }).click()
    await toast(page, '发布成功')
    await app.screenshot('cms-article')

    // Every role's 首页 carousel shows it (the student's through the API, the staff member's here).
    const studentApi = t.server.server.api(await t.server.server.login(student.account, student.password))
    const banners = async () =>
      (await studentApi.get('/api/cms/article/bannerList')).body.data.map((b: { title: string }) => b.title)
    expect(await banners()).toEqual(['实验室开放日'])
    // 首页 reads its banners again when its tab comes to the front: the banner shows with its cover.
    const carousel = page.getByRole('region', { name: '轮播' })
    await page.getByRole('tab', { name: '首页' }).first().click()
    await carousel.getByText('实验室开放日').waitFor()
    await expect
      .poll(() => carousel.getByRole('img', { name: '实验室开放日' }).getAttribute('src'), {
        timeout: 15_000,
      })
      .toMatch(/^blob:/)
    await app.screenshot('home-banner')
    await carousel.getByRole('link').click()
    await page.getByRole('tab', { name: '阅读文章' }).waitFor()
    await page.getByText('欢迎参观各实验室').waitFor()
    await app.screenshot('cms-read')

    // Deleting 新闻动态 is refused while it holds 实验室动态 and the article.
    const again = await openRegion(app, '/cms/category', '栏目管理')
    await row(again, '新闻动态').first().getByRole('checkbox').first().check()
    await again.getByRole('button', { name: '删除' }).first().click()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '栏目下有子栏目或文章，不能删除')

    const list = await openRegion(app, '/cms/article', '文章管理')
    await row(list, '实验室开放日').first().getByRole('button', { name: '下线' }).click()
    await toast(page, '已下线')
    expect(await banners()).toEqual([])
    // Back on 首页 the carousel is gone (its only banner was taken down).
    await page.getByRole('tab', { name: '首页' }).first().click()
    await page.getByRole('tab', { name: '首页', selected: true }).first().waitFor()
    await carousel.waitFor({ state: 'detached' })
  })

  it('an export of 20,001 rows goes to 下载任务, runs to 已完成 and 下载 saves the file', async () => {
    const db = t.server.server.database.db
    await db.execute(sql`insert into assets_equipment
      (id, tenant_id, equipment_no, equipment_name, class_code, price, purchase_date, source,
       country_code, status_code, use_direction)
      select 880000000000 + g, '000000', lpad(g::text, 8, '0'), '数字示波器' || g, '03040501', 1200,
             date '2024-03-01', 1, '156', 1, 1
      from generate_series(1, 20001) g`)
    const { app } = t
    const page = app.page
    await app.signInToHome('admin', TEST_ADMIN_PASSWORD)
    const equipment = await openRegion(app, '/assets/equipment', '仪器设备')
    await equipment.getByText('共 20001 条').waitFor()
    await equipment.getByRole('button', { name: '导出' }).click()
    await toast(page, '导出任务已提交，请到下载中心查看')

    const tasks = await openRegion(app, '/download/task', '下载任务')
    const task = row(tasks, '仪器设备导出').first()
    await task.waitFor()
    await app.screenshot('download-running')
    await task.getByText('已完成').waitFor({ timeout: 120_000 })
    await app.screenshot('download-done')
    const target = join(dir, '仪器设备.xlsx')
    app.host.dialog.savePaths.push(target)
    await task.getByRole('button', { name: '下载' }).click()
    await expect.poll(() => readFileSync(target).subarray(0, 2).toString(), { timeout: 30_000 }).toBe('PK')
  })
})

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator } from 'playwright'
import { beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { addColleges } from '../../src/server/base/testing'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import type { Api } from '../support/server'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { choose, openRegion, pickTree, row, text, toast, walkResourcePage, type PageWalk } from './screens'

/**
 * 基础数据 screens through the UI against the real server, in zh: each screen's list, 删除 without a
 * selection, 新增 after a failed save, search, 编辑, 查看, 删除 and bulk 删除 (walkResourcePage), and for
 * teachers, students and classes (the screens whose menu has 导入/导出) an import whose one bad row
 * blocks the commit, a good import and an export to the file the save dialog answers.
 */
const t = useLabApp('base-screens')
const dir = mkdtempSync(join(tmpdir(), 'lab-base-e2e-'))
const COLLEGE = '信息工程学院'
let admin: Api

beforeAll(async () => {
  const server = t.server.server
  await addColleges(server.database.db, '000000', [['E2E01', COLLEGE]])
  admin = server.api(await server.login('admin', TEST_ADMIN_PASSWORD))
  const major = await admin.post('/api/basedata/sysmajor/submit', {
    body: { majorSerial: 'E2EM00', majorName: '软件工程', deptSerial: 'E2E01', eduLevel: 1 },
  })
  expect(major.body.success).toBe(true)
})

function sheet(file: string, rows: unknown[][]) {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1')
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
}

/**
 * 导入 twice: a file with one bad row (its message shown, 确认导入 disabled, nothing saved), then the
 * fixed file (导入成功), then 导出 of the list to the file the save dialog answers.
 */
async function importAndExport(
  app: AppHarness,
  screen: Locator,
  options: {
    name: string
    header: string[]
    good: unknown[][]
    bad: unknown[][]
    message: string
    /** A page route that counts the imported rows by a filter. */
    count: () => Promise<number>
    /** The export column and the imported values it holds. */
    exported: { column: string; values: string[] }
  },
) {
  const page = app.page
  const dialog = page.getByRole('dialog')
  const badFile = join(dir, `${options.name}-bad.xlsx`)
  sheet(badFile, [options.header, ...options.bad])
  app.host.dialog.openPaths.push(badFile)
  await screen.getByRole('toolbar').getByRole('button', { name: '导入' }).click()
  await dialog.getByRole('button', { name: '选择文件' }).click()
  await dialog.getByText(`共 ${options.bad.length} 行，1 行有错误`).waitFor()
  await dialog.getByText(options.message).first().waitFor()
  expect(await dialog.getByRole('button', { name: '确认导入' }).isDisabled()).toBe(true)
  await app.screenshot(`${options.name} import blocked`)
  expect(await options.count()).toBe(0)

  const goodFile = join(dir, `${options.name}-good.xlsx`)
  sheet(goodFile, [options.header, ...options.good])
  app.host.dialog.openPaths.push(goodFile)
  await dialog.getByRole('button', { name: '选择文件' }).click()
  await dialog.getByText(`共 ${options.good.length} 行，0 行有错误`).waitFor()
  await app.screenshot(`${options.name} import ready`)
  await dialog.getByRole('button', { name: '确认导入' }).click()
  await toast(page, `导入成功，共 ${options.good.length} 条`)
  await dialog.waitFor({ state: 'detached' })
  expect(await options.count()).toBe(options.good.length)

  const target = join(dir, `${options.name}.xlsx`)
  app.host.dialog.savePaths.push(target)
  await screen.getByRole('toolbar').getByRole('button', { name: '导出' }).click()
  await toast(page, '导出完成')
  await app.screenshot(`${options.name} exported`)
  const book = XLSX.read(readFileSync(target))
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!)
  expect(rows.map((r) => String(r[options.exported.column]))).toEqual(
    expect.arrayContaining(options.exported.values),
  )
}

const total = async (path: string, query: Record<string, string>) => {
  const res = await admin.get(path, { current: 1, size: 100, ...query })
  return Number(res.body.data.total)
}

describe('基础数据 screens', () => {
  it('班级管理 (walk, import with a bad row, good import, export) and 专业管理 (walk, import, export)', async () => {
    const { app } = t
    const page = app.page
    await app.signInToHome()

    const classWalk: PageWalk = {
      path: '/base/class',
      title: '班级管理',
      required: ['请输入班级编号', '请输入班级名称', '请选择院系'],
      key: (n) => `E2EC-${n}`,
      async fill(dialog, n) {
        await text(dialog, /班级编号/, `E2EC-${n}`)
        await text(dialog, /班级名称/, `软件${n}班`)
        await pickTree(page, dialog, /院系/, COLLEGE)
        await text(dialog, /年级/, '2024')
      },
      search: { label: '班级编号', value: 'E2EC' },
      edit: { label: /班级名称/, value: '软件一班（改）' },
    }
    let screen = await walkResourcePage(app, classWalk)
    await importAndExport(app, screen, {
      name: '班级管理',
      header: ['班级编号', '班级名称', '院系', '年级'],
      bad: [
        ['E2EI-1', '导入一班', 'E2E01', '2024'],
        ['E2EI-2', '导入二班', 'E2E01', '24'],
      ],
      good: [
        ['E2EI-1', '导入一班', 'E2E01', '2024'],
        ['E2EI-2', '导入二班', 'E2E01', '2024'],
      ],
      message: '年级应为四位年份，如 2024',
      count: () => total('/api/basedata/class/page', { classNo: 'E2EI' }),
      exported: { column: '班级编号', values: ['E2EI-1', 'E2EI-2'] },
    })
    await row(screen.getByRole('grid'), 'E2EI-2').first().waitFor()

    screen = await walkResourcePage(app, {
      path: '/base/major',
      title: '专业管理',
      required: ['请输入专业号', '请输入专业名称', '请选择院系'],
      key: (n) => `E2EM-${n}`,
      async fill(dialog, n) {
        await text(dialog, /专业号/, `E2EM-${n}`)
        await text(dialog, /专业名称/, `专业${n}`)
        await pickTree(page, dialog, /院系/, COLLEGE)
        await choose(page, dialog, /培养层次/, '本科')
      },
      search: { label: '专业号', value: 'E2EM-' },
      edit: { label: /专业名称/, value: '网络工程' },
    })
    // 导入/导出 of majors are seeded beside the design's buttons (src/server/seed/menu-additions.ts).
    await importAndExport(app, screen, {
      name: 'majors',
      header: ['专业号', '专业名称', '院系', '培养层次'],
      bad: [
        ['E2EMI-1', '导入专业一', 'E2E01', '本科'],
        ['E2EMI-2', '', 'E2E01', '本科'],
      ],
      good: [
        ['E2EMI-1', '导入专业一', 'E2E01', '本科'],
        ['E2EMI-2', '导入专业二', 'E2E01', '专科'],
      ],
      message: '请输入专业名称',
      count: () => total('/api/basedata/sysmajor/page', { majorSerial: 'E2EMI' }),
      exported: { column: '专业号', values: ['E2EMI-1', 'E2EMI-2'] },
    })
    expect(app.pageErrors).toEqual([])
  })

  it('教师管理: categories saved comma-joined, 生成账号, 同步用户, walk, import, export', async () => {
    const { app } = t
    const page = app.page
    await app.signInToHome()
    const screen = await walkResourcePage(app, {
      path: '/base/teacher',
      title: '教师管理',
      required: ['请输入工号', '请输入姓名', '请选择院系'],
      key: (n) => `E2ET-${n}`,
      async fill(dialog, n) {
        await text(dialog, /工号/, `E2ET-${n}`)
        await text(dialog, /姓名/, `张老师${n}`)
        await pickTree(page, dialog, /院系/, COLLEGE)
        if (n === 1) {
          await text(dialog, /手机号码/, '12345')
          await dialog.getByRole('textbox', { name: /邮箱/ }).focus()
          await dialog.getByText('手机号码格式不正确').waitFor()
          await text(dialog, /手机号码/, '13900000001')
        }
      },
      search: { label: '工号', value: 'E2ET-' },
      edit: { label: /姓名/, value: '张建华' },
    })
    const grid = screen.getByRole('grid', { name: '教师管理' })
    const dialog = page.getByRole('dialog')

    // 教师类别 is a multi-select: saved comma-joined, shown as tags
    await screen.getByRole('button', { name: '新增', exact: true }).click()
    await text(dialog, /工号/, 'E2ET-CAT')
    await text(dialog, /姓名/, '李老师')
    await pickTree(page, dialog, /院系/, COLLEGE)
    await choose(page, dialog, /教师类别/, '专任教师', '实验技术人员')
    await app.screenshot('教师管理 categories')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增成功')
    const saved = await admin.get('/api/basedata/systeacher/page', { teacherNo: 'E2ET-CAT' })
    expect(saved.body.data.records[0].categoryNo).toBe('1,2')
    const teacher = row(grid, 'E2ET-CAT')
    await teacher.getByText('专任教师').waitFor()
    await teacher.getByText('实验技术人员').waitFor()

    // 生成账号 on the row, then 同步用户 for everyone after a confirmation
    await teacher.getByRole('button', { name: '生成账号' }).click()
    await toast(page, '生成账号成功')
    const users = await admin.get('/api/blade-user/page', { account: 'E2ET-CAT' })
    expect(users.body.data.total).toBe(1)
    await screen.getByRole('toolbar').getByRole('button', { name: '同步用户' }).click()
    await page.getByText('确定为全部教师和学生生成或关联登录账号?').waitFor()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '同步完成')
    await app.screenshot('教师管理 synced')

    await importAndExport(app, screen, {
      name: '教师管理',
      header: ['工号', '姓名', '性别', '院系', '教师类别', '手机号码'],
      bad: [
        ['E2ETI-1', '导入教师一', '男', 'E2E01', '专任教师', '13900000011'],
        ['E2ETI-2', '导入教师二', '女', 'E2E01', '外聘教师', '139'],
      ],
      good: [
        ['E2ETI-1', '导入教师一', '男', 'E2E01', '专任教师', '13900000011'],
        ['E2ETI-2', '导入教师二', '女', 'E2E01', '外聘教师', '13900000012'],
      ],
      message: '手机号码格式不正确',
      count: () => total('/api/basedata/systeacher/page', { teacherNo: 'E2ETI' }),
      exported: { column: '工号', values: ['E2ETI-1', 'E2ETI-2', 'E2ET-CAT'] },
    })
    expect(app.pageErrors).toEqual([])
  })

  it('学生管理: walk, import with a bad row, good import, export', async () => {
    const { app } = t
    const page = app.page
    await app.signInToHome()
    const screen = await walkResourcePage(app, {
      path: '/base/student',
      title: '学生管理',
      required: ['请输入学号', '请输入姓名', '请选择院系'],
      key: (n) => `E2ES-${n}`,
      async fill(dialog, n) {
        await text(dialog, /学号/, `E2ES-${n}`)
        await text(dialog, /姓名/, `王同学${n}`)
        await choose(page, dialog, /性别/, '女')
        await pickTree(page, dialog, /院系/, COLLEGE)
        await choose(page, dialog, /专业/, '软件工程')
        await text(dialog, /年级/, '2025')
      },
      search: { label: '学号', value: 'E2ES-' },
      edit: { label: /姓名/, value: '王小明' },
    })
    await importAndExport(app, screen, {
      name: '学生管理',
      header: ['学号', '姓名', '性别', '院系', '专业', '年级', '学生类别'],
      bad: [
        ['E2ESI-1', '导入学生一', '男', 'E2E01', 'E2EM00', '2025', '本科生'],
        ['E2ESI-2', '', '女', 'E2E01', 'E2EM00', '2025', '本科生'],
      ],
      good: [
        ['E2ESI-1', '导入学生一', '男', 'E2E01', 'E2EM00', '2025', '本科生'],
        ['E2ESI-2', '导入学生二', '女', 'E2E01', 'E2EM00', '2025', '硕士生'],
      ],
      message: '请输入姓名',
      count: () => total('/api/basedata/student/page', { studentNo: 'E2ESI' }),
      exported: { column: '学号', values: ['E2ESI-1', 'E2ESI-2'] },
    })

    // A row only the server can judge (学号 already taken) refuses the whole file: nothing saved.
    const dialog = page.getByRole('dialog')
    const taken = join(dir, '学生管理-taken.xlsx')
    sheet(taken, [
      ['学号', '姓名', '院系'],
      ['E2ESI-3', '导入学生三', 'E2E01'],
      ['E2ESI-1', '重复学生', 'E2E01'],
    ])
    app.host.dialog.openPaths.push(taken)
    await screen.getByRole('toolbar').getByRole('button', { name: '导入' }).click()
    await dialog.getByRole('button', { name: '选择文件' }).click()
    await dialog.getByText('共 2 行，0 行有错误').waitFor()
    await dialog.getByRole('button', { name: '确认导入' }).click()
    await toast(page, '第3行: 学号已存在（E2ESI-1）。未导入任何数据')
    await dialog.getByText('第3行: 学号已存在（E2ESI-1）。未导入任何数据').waitFor()
    await app.screenshot('学生管理 import refused by the server')
    expect(await total('/api/basedata/student/page', { studentNo: 'E2ESI' })).toBe(2)
    await dialog.getByRole('button', { name: '取消' }).click()
    expect(app.pageErrors).toEqual([])
  })

  it('专业方向 and 学年学期 (terms, the current term, the term dictionary)', async () => {
    const { app } = t
    const page = app.page
    await app.signInToHome()
    await walkResourcePage(app, {
      path: '/base/majordirection',
      title: '专业方向',
      required: ['请选择专业', '请输入方向名称'],
      key: (n) => `E2ED-${n}`,
      async fill(dialog, n) {
        await choose(page, dialog, /专业/, '软件工程')
        await text(dialog, /方向编号/, `E2ED-${n}`)
        await text(dialog, /方向名称/, `方向${n}`)
      },
      search: { label: '方向编号', value: 'E2ED-' },
      edit: { label: /方向名称/, value: '嵌入式方向' },
    })

    const walk: PageWalk = {
      path: '/base/academic',
      title: '学年学期',
      required: ['请输入学年', '请选择学期', '请选择开始日期', '请选择结束日期'],
      key: (n) => `${2030 + n}-${2031 + n}学年`,
      async fill(dialog, n) {
        await text(dialog, /^学年(?!学期)/, `${2030 + n}`)
        await dialog.getByRole('textbox', { name: /学年学期名称/ }).focus()
        await dialog.getByText('学年格式应为 2025-2026').waitFor()
        await text(dialog, /^学年(?!学期)/, `${2030 + n}-${2031 + n}`)
        await choose(page, dialog, /^学期/, '第一学期')
        await text(dialog, /学年学期名称/, `${2030 + n}-${2031 + n}学年第一学期`)
        await dialog.getByLabel(/开始日期/).fill(`${2030 + n}-09-01`)
        await dialog.getByLabel(/结束日期/).fill(`${2031 + n}-01-15`)
      },
      search: { label: '学年学期名称', value: '203' },
      edit: { label: /学年学期名称/, value: '2031-2032学年秋季学期' },
    }
    const screen = await walkResourcePage(app, walk)
    // 设为当前 moves the current mark to another term
    const grid = screen.getByRole('grid', { name: '学年学期' })
    const before = await admin.get('/api/system/academic/getCurrent')
    const target = row(grid, '学年')
      .filter({ has: page.getByRole('button', { name: '设为当前' }) })
      .first()
    const name = (await target.textContent()) ?? ''
    await target.getByRole('button', { name: '设为当前' }).click()
    await toast(page, '已设为当前学期')
    const after = await admin.get('/api/system/academic/getCurrent')
    expect(after.body.data.id).not.toBe(before.body.data.id)
    expect(name).toContain(after.body.data.name)
    await app.screenshot('学年学期 current moved')

    // the 学期 tab: the term dictionary
    await page.getByRole('tab', { name: '学期', exact: true }).click()
    const terms = page.getByRole('region', { name: '学期' })
    await terms.getByRole('grid', { name: '学期' }).getByText('第一学期').waitFor()
    await terms.getByRole('button', { name: '新增', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: '保存' }).click()
    await dialog.getByText('请输入学期编号').waitFor()
    await dialog.getByText('请输入学期名称').waitFor()
    await text(dialog, /学期编号/, '3')
    await text(dialog, /学期名称/, '夏季小学期')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增成功')
    await app.screenshot('学期 list')
    const summer = row(terms.getByRole('grid'), '夏季小学期')
    await summer.getByRole('button', { name: '删除' }).click()
    await page.getByText('确定将选择数据删除?').waitFor()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '删除成功')
    await summer.waitFor({ state: 'detached' })
    expect(app.pageErrors).toEqual([])
  })

  it('学科专业目录 and 专业技术职务: lazy trees, children, walk', async () => {
    const { app } = t
    const page = app.page
    await app.signInToHome()
    let screen = await openRegion(app, '/base/edumajorinfo', '学科专业目录')
    let grid = screen.getByRole('grid', { name: '学科专业目录' })
    const engineering = row(grid, '工学').first()
    await engineering.getByRole('button', { name: '展开' }).click()
    await row(grid, '计算机类').first().waitFor()
    await app.screenshot('学科专业目录 expanded')
    await walkResourcePage(app, {
      path: '/base/edumajorinfo',
      title: '学科专业目录',
      required: ['请输入代码', '请输入名称'],
      key: (n) => `E2E门类${n}`,
      async fill(dialog, n) {
        await text(dialog, /代码/, '9')
        await dialog.getByRole('textbox', { name: /名称/ }).focus()
        await dialog.getByText('代码应为 2、4 或 6 位数字（专业代码可带 K、T 后缀）').waitFor()
        await text(dialog, /代码/, `9${n}`)
        await text(dialog, /名称/, `E2E门类${n}`)
      },
      search: { label: '名称', value: 'E2E门类' },
      edit: { label: /备注/, value: '测试用门类', listed: false },
      paged: false,
    })

    screen = await openRegion(app, '/base/profession', '专业技术职务')
    grid = screen.getByRole('grid', { name: '专业技术职务' })
    await row(grid, '高等学校教师').first().getByRole('button', { name: '展开' }).click()
    await row(grid, '副教授').first().waitFor()
    // 新增子项 presets the parent
    await row(grid, '实验技术人员').first().getByRole('button', { name: '新增子项' }).click()
    const dialog = page.getByRole('dialog')
    await expect
      .poll(() => dialog.getByRole('button', { name: /上级/ }).textContent())
      .toContain('实验技术人员')
    await text(dialog, /职务代码/, '079')
    await text(dialog, /名称/, 'E2E实验职务')
    await choose(page, dialog, /级别/, '中级')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增成功')
    await row(grid, '实验技术人员')
      .first()
      .getByRole('button', { name: /展开|收起/ })
      .click()
    await app.screenshot('专业技术职务 child')
    await walkResourcePage(app, {
      path: '/base/profession',
      title: '专业技术职务',
      required: ['请输入职务代码', '请输入名称'],
      key: (n) => `E2E系列${n}`,
      async fill(dialog, n) {
        await text(dialog, /职务代码/, `9${n}`)
        await text(dialog, /名称/, `E2E系列${n}`)
      },
      search: { label: '名称', value: 'E2E系列' },
      edit: { label: /备注/, value: '测试用系列', listed: false },
      paged: false,
    })
    expect(app.pageErrors).toEqual([])
  })
})

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator } from 'playwright'
import { describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { roleId, rootDeptId } from '../support/fixtures'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { pageApi } from './page-api'
import { openTab, toast } from './screens'

const t = useLabApp('system-screens')
const dir = mkdtempSync(join(tmpdir(), 'lab-system-e2e-'))

/** Opens a menu path as a tab and answers the screen's region. */
async function open(app: AppHarness, path: string, title: string): Promise<Locator> {
  await openTab(app, path, title)
  return app.page.getByRole('region', { name: title }).first()
}

function sheet(file: string, rows: unknown[][]) {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), '用户')
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
}

describe('system administration screens', () => {
  it('用户管理: dept tree, validation, add, search, edit, view, roles, reset, delete, import, export', async () => {
    const { app } = t
    const page = app.page
    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    const screen = await open(app, '/system/user', '用户管理')
    const grid = screen.getByRole('grid', { name: '用户管理' })
    await grid.getByText('admin', { exact: true }).waitFor()
    await page.getByRole('navigation', { name: '部门' }).getByText('管理组').waitFor()
    await app.screenshot('user list')

    // bulk delete with nothing selected
    await screen.getByRole('toolbar').getByRole('button', { name: '删除' }).click()
    await toast(page, '请选择至少一条数据')

    // the dept tree filters the list and presets the new user's dept
    await page.getByRole('navigation', { name: '部门' }).getByText('管理组').click()
    await screen.getByRole('button', { name: '新增', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: '保存' }).click()
    await dialog.getByText('请输入登录账号').waitFor()
    await dialog.getByText('请输入用户姓名').waitFor()
    await dialog.getByRole('textbox', { name: /登录账号/ }).fill('e2e_teacher1')
    await dialog.getByRole('textbox', { name: /用户姓名/ }).fill('王老师')
    await dialog.getByLabel('密码').fill('Teacher-Pass-1')
    await dialog.getByRole('textbox', { name: /手机号码/ }).fill('1380000')
    await dialog.getByRole('textbox', { name: /电子邮箱/ }).focus()
    await dialog.getByText('手机号长度不是11位').waitFor()
    await dialog.getByRole('textbox', { name: /手机号码/ }).fill('13800000001')
    await dialog.getByRole('button', { name: /所属角色/ }).click()
    await page.getByRole('treeitem', { name: '教师' }).getByRole('checkbox').click()
    await page.keyboard.press('Escape')
    await app.screenshot('user add dialog')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增成功')
    await dialog.waitFor({ state: 'detached' })

    // search by account
    await screen.getByRole('search').getByRole('textbox', { name: '登录账号' }).fill('e2e_teacher1')
    await screen.getByRole('button', { name: '搜索', exact: true }).click()
    await screen.getByText('共 1 条').waitFor()
    await grid.getByText('王老师').waitFor()

    // edit
    await grid.getByRole('button', { name: '编辑' }).click()
    await expect.poll(() => dialog.getByRole('textbox', { name: /用户姓名/ }).inputValue()).toBe('王老师')
    await dialog.getByRole('textbox', { name: /用户姓名/ }).fill('王建国')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '修改成功')
    await grid.getByText('王建国').waitFor()

    // view
    await grid.getByRole('button', { name: '查看' }).click()
    await dialog.getByText('13800000001').waitFor()
    await app.screenshot('user view dialog')
    await dialog.getByRole('button', { name: '关闭' }).last().click()

    // 密码重置 after a confirm
    await grid.getByRole('button', { name: '更多' }).click()
    await page.getByRole('menuitem', { name: '密码重置' }).click()
    await page.getByText('确定将选择账号密码重置为初始密码?').waitFor()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '操作成功')

    // 角色配置: grant a second role
    await grid.getByRole('button', { name: '更多' }).click()
    await page.getByRole('menuitem', { name: '角色配置' }).click()
    await dialog.getByRole('checkbox', { name: '学生' }).check()
    await app.screenshot('user grant roles')
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '操作成功')
    const row = grid.getByRole('row', { name: /e2e_teacher1/ })
    await row.getByText(/学生/).waitFor()

    // delete with confirmation
    await row.getByRole('button', { name: '删除' }).click()
    await page.getByText('确定将选择数据删除?').waitFor()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '删除成功')
    await row.waitFor({ state: 'detached' })

    // import: one bad row blocks the commit; the fixed file imports. Roles and depts are given by id:
    // the import preview translates dictionary labels, not remote tree titles.
    const db = t.server.server.database
    const teacher = await roleId(db, 'teacher')
    const root = await rootDeptId(db)
    const bad = join(dir, 'bad.xlsx')
    sheet(bad, [
      ['登录账号', '用户姓名', '所属角色', '所属部门', '手机号码', '密码'],
      ['e2e_imp1', '导入一', teacher, root, '13800000011', 'Import-Pass-1'],
      ['e2e_imp2', '导入二', teacher, root, '123', 'Import-Pass-1'],
    ])
    app.host.dialog.openPaths.push(bad)
    await screen.getByRole('button', { name: '导入' }).click()
    await dialog.getByRole('button', { name: '选择文件' }).click()
    await dialog.getByText('共 2 行，1 行有错误').waitFor()
    await dialog.getByText(/手机号长度不是11位/).waitFor()
    expect(await dialog.getByRole('button', { name: '确认导入' }).isDisabled()).toBe(true)
    await app.screenshot('user import blocked')
    const good = join(dir, 'good.xlsx')
    sheet(good, [
      ['登录账号', '用户姓名', '所属角色', '所属部门', '手机号码', '密码'],
      ['e2e_imp1', '导入一', teacher, root, '13800000011', 'Import-Pass-1'],
      ['e2e_imp2', '导入二', teacher, root, '13800000012', 'Import-Pass-1'],
    ])
    app.host.dialog.openPaths.push(good)
    await dialog.getByRole('button', { name: '选择文件' }).click()
    await dialog.getByText('共 2 行，0 行有错误').waitFor()
    await dialog.getByRole('button', { name: '确认导入' }).click()
    await toast(page, '导入成功，共 2 条')
    await grid.getByText('e2e_imp2').waitFor()

    // export the list to a file
    const target = join(dir, 'users.xlsx')
    app.host.dialog.savePaths.push(target)
    await screen.getByRole('button', { name: '导出' }).click()
    await toast(page, '导出完成')
    const book = XLSX.read(readFileSync(target))
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!)
    expect(rows.map((r) => r['登录账号'])).toEqual(expect.arrayContaining(['admin', 'e2e_imp1', 'e2e_imp2']))
    expect(app.pageErrors).toEqual([])
  })

  it('roles, menus, depts, dictionaries, tenants, logs and the other system screens', async () => {
    const { app } = t
    const page = app.page
    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    const dialog = page.getByRole('dialog')

    // 角色管理: tree table, 权限设置 with three tabs, pre-checked, saved
    let screen = await open(app, '/authority/role', '角色管理')
    await screen.getByRole('grid', { name: '角色管理' }).getByText('教师').waitFor()
    await app.screenshot('role list')
    await screen.getByRole('row', { name: /教师/ }).getByRole('button', { name: '权限设置' }).click()
    await dialog.getByRole('tab', { name: '菜单权限' }).waitFor()
    await expect.poll(() => dialog.getByRole('checkbox', { checked: true }).count()).toBeGreaterThan(0)
    await dialog.getByRole('tab', { name: '数据权限' }).click()
    await dialog.getByRole('tab', { name: '接口权限' }).click()
    await dialog.getByRole('tab', { name: '菜单权限' }).click()
    await app.screenshot('role grant dialog')
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '操作成功')

    // 系统字典: the five messages, add a code and an item, seal toggle, delete
    await open(app, '/dict-horizontal/index', '系统字典')
    const parents = page.getByRole('region', { name: '系统字典' }).nth(0)
    await parents.getByText(/共 \d+ 条/).waitFor()
    await parents.getByRole('button', { name: '新增', exact: true }).click()
    await dialog.getByRole('button', { name: '保存' }).click()
    for (const message of ['请输入字典编号', '请输入字典名称', '请输入字典排序', '请输入字典键值'])
      await dialog.getByText(message).waitFor()
    // a code of its own per try: a retried story finds the first try's code still there
    const code = `e2e_lab_${Date.now().toString(36)}`
    await dialog.getByRole('textbox', { name: /字典编号/ }).fill(code)
    await dialog.getByRole('textbox', { name: /字典名称/ }).fill('实验室等级')
    await dialog.getByRole('textbox', { name: /字典键值/ }).fill('-1')
    await dialog.getByRole('spinbutton', { name: /字典排序/ }).fill('1')
    await app.screenshot('dict add dialog')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增成功')
    await parents.getByRole('search').getByRole('textbox', { name: '字典编号' }).fill(code)
    await parents.getByRole('button', { name: '搜索', exact: true }).click()
    await parents.getByText('共 1 条').waitFor()
    await parents.getByRole('grid').getByRole('button', { name: '字典配置' }).click()
    const items = page.getByRole('region', { name: '系统字典' }).nth(1)
    await items.getByRole('button', { name: '新增', exact: true }).click()
    await dialog.getByRole('textbox', { name: /字典名称/ }).fill('重点实验室')
    await dialog.getByRole('textbox', { name: /字典键值/ }).fill('1')
    await dialog.getByRole('spinbutton', { name: /字典排序/ }).fill('1')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增成功')
    await items.getByText('重点实验室').waitFor()
    await app.screenshot('dict horizontal')
    await items.getByRole('toolbar').getByRole('button', { name: '删除' }).click()
    await toast(page, '请选择至少一条数据')
    await items.getByRole('grid').getByRole('button', { name: '删除' }).click()
    await page.getByText('确定将选择数据删除?').waitFor()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '删除成功')

    screen = await open(app, '/dict-vertical/index', '业务字典')
    await screen.getByRole('grid', { name: '业务字典' }).first().waitFor()
    await app.screenshot('dict vertical')

    // 租户管理: 授权配置
    screen = await open(app, '/system/tenant', '租户管理')
    await screen.getByRole('grid', { name: '租户管理' }).getByText('000000').waitFor()
    await screen.getByRole('button', { name: '更多' }).first().click()
    await page.getByRole('menuitem', { name: '授权配置' }).click()
    await dialog.getByRole('textbox', { name: /账号额度/ }).fill('abc')
    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.getByText('账号额度必须是整数').waitFor()
    await app.screenshot('tenant setting dialog')
    await dialog.getByRole('button', { name: '取消' }).click()

    // the plain screens each list against the real server
    for (const [path, title] of [
      ['/system/menu', '菜单管理'],
      ['/system/dept', '机构管理'],
      ['/system/post', '岗位管理'],
      ['/system/topmenu', '顶部菜单'],
      ['/system/client', '应用管理'],
      ['/system/tenantpackage', '租户产品包'],
      ['/system/tokenskipapi', '免鉴权接口'],
      ['/authority/datascope', '数据权限'],
      ['/authority/apiscope', '接口权限'],
      ['/base/region', '行政区划'],
      ['/resource/oss', '对象存储'],
      ['/resource/sms', '短信配置'],
      ['/monitor/log/api', '接口日志'],
      ['/monitor/log/usual', '通用日志'],
      ['/monitor/log/error', '错误日志'],
    ] as const) {
      const region = await open(app, path, title)
      await region.getByRole('grid').first().waitFor()
      await expect.poll(() => region.getByText('加载失败').count()).toBe(0)
      await app.screenshot(title)
    }

    // a log's detail
    screen = await open(app, '/monitor/log/api', '接口日志')
    await screen.getByRole('grid').getByRole('button', { name: '查看' }).first().click()
    await dialog
      .getByText(/\/api\//)
      .first()
      .waitFor()
    await app.screenshot('api log detail')
    await dialog.getByRole('button', { name: '关闭' }).last().click()
    expect(app.pageErrors).toEqual([])
  }, 300_000)

  it('a teacher sees only its granted menus and buttons, and the server refuses the rest', async () => {
    const { app, server } = t
    const admin = server.server.api(await server.server.login('admin', TEST_ADMIN_PASSWORD))
    const db = server.server.database
    const created = await admin.post('/api/blade-user/submit', {
      body: {
        account: 'e2e_limited',
        realName: '李老师',
        password: 'Limited-Pass-1',
        roleId: await roleId(db, 'teacher'),
        deptId: await rootDeptId(db),
      },
    })
    expect(created.body.success).toBe(true)
    await app.signIn('e2e_limited', 'Limited-Pass-1')
    const page = app.page
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    await expect.poll(() => page.getByRole('navigation').first().getByText('系统管理').count()).toBe(0)
    await app.screenshot('teacher menus')
    const refused = await pageApi(page, (api) =>
      api.api
        .call({ method: 'GET', path: '/api/blade-user/page' })
        .then(() => 'allowed')
        .catch((e: { status?: number; message?: string }) => `${e.status ?? ''} ${e.message ?? ''}`),
    )
    expect(refused).not.toBe('allowed')
    expect(refused).toMatch(/403|权限|无权/)

    // 修改密码 asks for 原密码 and the server checks it
    await page.evaluate("location.hash = '#/info/index'")
    await page.getByRole('tab', { name: '修改密码' }).click()
    await page.getByRole('button', { name: '提交' }).click()
    await page.getByText('请输入原密码').waitFor()
    const [oldBox, newBox, againBox] = [0, 1, 2].map((i) => page.locator('input[type=password]').nth(i))
    await oldBox!.fill('Wrong-Pass-1')
    await newBox!.fill('Limited-Pass-2')
    await againBox!.fill('Limited-Pass-2')
    await page.getByRole('button', { name: '提交' }).click()
    await toast(page, '原密码不正确!')
    await oldBox!.fill('Limited-Pass-1')
    await page.getByRole('button', { name: '提交' }).click()
    await toast(page, '密码修改成功')
    await app.screenshot('teacher changed password')
    expect(await server.server.login('e2e_limited', 'Limited-Pass-2')).toBeTruthy()
  })
})

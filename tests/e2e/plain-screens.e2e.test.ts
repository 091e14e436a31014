import { describe, expect, it } from 'vitest'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import {
  checkTree,
  chooseFirst,
  openRegion,
  pickTree,
  text,
  walkResourcePage,
  type PageWalk,
} from './screens'

/**
 * The plain list-and-edit screens of system administration (the generic ResourcePage, alone or inside a
 * small wrapper) that system-screens and param-page only list: each walked through the UI in zh by
 * walkResourcePage — 删除 without a selection, 新增 after a failed save showing the definition's
 * messages, search, 编辑, 查看, 删除 with confirmation and bulk 删除 — one definition-driven table.
 */
const t = useLabApp('plain-screens')
/** Four walks in one test take longer than the suite's default two minutes on a busy machine. */
const WALK_TIMEOUT = 300_000

const spin = (dialog: Parameters<PageWalk['fill']>[0], label: RegExp, value: string) =>
  dialog.getByRole('spinbutton', { name: label }).fill(value)

/** The walks, by screen; `page` is the app's page, for the pickers' pop-ups. */
const walks = (app: AppHarness): Record<string, PageWalk> => {
  const page = app.page
  return {
    post: {
      path: '/system/post',
      title: '岗位管理',
      // 岗位排序 starts at 0: no message
      required: ['请选择岗位类型', '请输入岗位编号', '请输入岗位名称'],
      key: (n) => `E2EP-${n}`,
      async fill(dialog, n) {
        await chooseFirst(page, dialog, /岗位类型/)
        await text(dialog, /岗位编号/, `E2EP-${n}`)
        await text(dialog, /岗位名称/, `实验员${n}`)
        await spin(dialog, /岗位排序/, String(n))
      },
      search: { label: '岗位编号', value: 'E2EP-' },
      edit: { label: /岗位名称/, value: '高级实验员' },
    },
    client: {
      path: '/system/client',
      title: '应用管理',
      // the two token lifetimes start at 3600 and 604800: no message
      required: ['请输入应用id', '请输入授权类型'],
      key: (n) => `e2e_client_${n}`,
      async fill(dialog, n) {
        await text(dialog, /应用id/, `e2e_client_${n}`)
        await dialog.getByLabel(/应用密钥/).fill(`e2e-secret-${n}`)
        await text(dialog, /授权类型/, 'password;captcha')
        await dialog.getByRole('textbox', { name: /回调地址/ }).focus()
        await dialog.getByText('授权类型格式不正确').waitFor()
        await text(dialog, /授权类型/, 'password,refresh_token')
        await spin(dialog, /^令牌过期秒数/, '3600')
        await spin(dialog, /刷新令牌过期秒数/, '604800')
      },
      search: { label: '应用id', value: 'e2e_client_' },
      edit: { label: /授权范围/, value: 'server' },
    },
    tokenSkip: {
      path: '/system/tokenskipapi',
      title: '免鉴权接口',
      required: ['请输入接口名称', '请输入接口地址'],
      key: (n) => `/api/e2e/open${n}/**`,
      async fill(dialog, n) {
        await text(dialog, /接口名称/, `E2E开放接口${n}`)
        await text(dialog, /接口地址/, `api/e2e/open${n}`)
        await dialog.getByRole('textbox', { name: /备注/ }).focus()
        await dialog
          .getByText(/接口地址/)
          .nth(1)
          .waitFor()
        await text(dialog, /接口地址/, `/api/e2e/open${n}/**`)
      },
      search: { label: '接口名称', value: 'E2E开放接口' },
      edit: { label: /备注/, value: '演示用开放接口' },
    },
    datasource: {
      path: '/tool/datasource',
      title: '数据源管理',
      required: ['请输入数据源名称', '请选择驱动类', '请输入连接地址', '请输入用户名'],
      key: (n) => `E2E数据源${n}`,
      async fill(dialog, n) {
        await text(dialog, /名称/, `E2E数据源${n}`)
        await chooseFirst(page, dialog, /驱动类/)
        await text(dialog, /连接地址/, `jdbc:postgresql://127.0.0.1:5432/e2e${n}`)
        await text(dialog, /用户名/, 'e2e')
      },
      search: { label: '名称', value: 'E2E数据源' },
      edit: { label: /用户名/, value: 'e2e_reader' },
    },
    tenantPackage: {
      path: '/system/tenantpackage',
      title: '租户产品包',
      required: ['请输入套餐名称', '请选择菜单'],
      key: (n) => `E2E产品包${n}`,
      async fill(dialog, n) {
        await text(dialog, /产品包名称/, `E2E产品包${n}`)
        await checkTree(page, dialog, /菜单列表/, '基础数据')
      },
      search: { label: '产品包名称', value: 'E2E产品包' },
      edit: { label: /备注/, value: '基础数据套餐' },
      view: false,
    },
    oss: {
      path: '/resource/oss',
      title: '对象存储',
      required: ['请选择分类', '请输入资源编号', '请输入资源地址'],
      key: (n) => `e2e-oss-${n}`,
      async fill(dialog, n) {
        await chooseFirst(page, dialog, /分类/)
        await text(dialog, /资源编号/, `e2e-oss-${n}`)
        await text(dialog, /资源地址/, 'http://127.0.0.1:9000')
      },
      search: { label: '资源编号', value: 'e2e-oss-' },
      edit: { label: /空间名/, value: 'lab-files' },
    },
    sms: {
      path: '/resource/sms',
      title: '短信配置',
      required: ['请选择分类', '请输入资源编号', '请输入模板ID'],
      key: (n) => `e2e-sms-${n}`,
      async fill(dialog, n) {
        await chooseFirst(page, dialog, /分类/)
        await text(dialog, /资源编号/, `e2e-sms-${n}`)
        await text(dialog, /模板ID/, `SMS_${n}`)
      },
      search: { label: '资源编号', value: 'e2e-sms-' },
      edit: { label: /短信签名/, value: '实验中心' },
    },
    dataScope: {
      path: '/authority/datascope',
      title: '数据权限',
      addButton: '权限配置',
      required: ['请选择菜单', '请输入权限名称', '请输入权限编号', '请选择规则类型'],
      key: (n) => `E2E数据权限${n}`,
      async fill(dialog, n) {
        await pickTree(page, dialog, /^菜单/, '基础数据')
        await text(dialog, /权限名称/, `E2E数据权限${n}`)
        await text(dialog, /权限编号/, `e2e_scope_${n}`)
        await chooseFirst(page, dialog, /规则类型/)
      },
      search: { label: '权限名称', value: 'E2E数据权限' },
    },
    apiScope: {
      path: '/authority/apiscope',
      title: '接口权限',
      addButton: '权限配置',
      required: ['请选择菜单', '请输入权限名称', '请输入权限编号', '请选择规则类型', '请输入权限路径'],
      key: (n) => `E2E接口权限${n}`,
      async fill(dialog, n) {
        await pickTree(page, dialog, /^菜单/, '基础数据')
        await text(dialog, /权限名称/, `E2E接口权限${n}`)
        await text(dialog, /权限编号/, `e2e_api_${n}`)
        await chooseFirst(page, dialog, /规则类型/)
        await text(dialog, /权限路径/, `/api/basedata/e2e${n}/**`)
      },
      search: { label: '权限名称', value: 'E2E接口权限' },
    },
    bizDict: {
      path: '/dict-vertical/index',
      title: '业务字典',
      required: ['请输入字典编号', '请输入字典名称', '请输入字典排序', '请输入字典键值'],
      key: (n) => `e2e_biz_${n}`,
      async fill(dialog, n) {
        await text(dialog, /字典编号/, `e2e_biz_${n}`)
        await text(dialog, /字典名称/, `E2E业务字典${n}`)
        await text(dialog, /字典键值/, '-1')
        await spin(dialog, /字典排序/, String(n))
      },
      search: { label: '字典编号', value: 'e2e_biz_' },
      edit: { label: /字典名称/, value: '实验室类别' },
    },
    dept: {
      path: '/system/dept',
      title: '机构管理',
      // 排序 starts with a value: no message
      required: ['请输入机构名称', '请输入机构全称', '请选择机构类型'],
      key: (n) => `E2E机构${n}`,
      async fill(dialog, n) {
        await text(dialog, /机构名称/, `E2E机构${n}`)
        await text(dialog, /机构全称/, `E2E机构全称${n}`)
        await chooseFirst(page, dialog, /机构类型/)
        await spin(dialog, /^排序/, String(n))
      },
      search: { label: '机构名称', value: 'E2E机构' },
      edit: { label: /机构全称/, value: '实验教学示范中心' },
      paged: false,
    },
    menu: {
      path: '/system/menu',
      title: '菜单管理',
      // 菜单类型 and 菜单排序 start with values: no message
      required: ['请输入菜单名称', '请输入菜单编号'],
      key: (n) => `e2e_menu_${n}`,
      async fill(dialog, n) {
        await text(dialog, /菜单名称/, `E2E菜单${n}`)
        await text(dialog, /菜单编号/, `e2e_menu_${n}`)
        await chooseFirst(page, dialog, /菜单类型/)
        await spin(dialog, /菜单排序/, String(90 + n))
      },
      search: { label: '菜单名称', value: 'E2E菜单' },
      edit: { label: /路由地址/, value: '/e2e/menu' },
      paged: false,
    },
    externalSql: {
      path: '/external/sql',
      title: 'SQL定义',
      required: ['请输入SQL名称', '请输入SQL编号', '请输入SQL语句'],
      key: (n) => `e2e-sql-${n}`,
      async fill(dialog, n) {
        await text(dialog, /SQL名称/, `E2E查询${n}`)
        await text(dialog, /SQL编号/, `e2e-sql-${n}`)
        await text(dialog, /SQL语句/, 'select id, student_no from base_student')
      },
      search: { label: 'SQL编号', value: 'e2e-sql-' },
      edit: { label: /SQL名称/, value: '学生名单' },
    },
    externalInterface: {
      path: '/external/interface',
      title: '接口定义',
      required: ['请输入接口名称', '请输入接口编号', '请选择请求方式', '请输入接口地址'],
      key: (n) => `e2e-if-${n}`,
      async fill(dialog, n) {
        await text(dialog, /接口名称/, `E2E接口${n}`)
        await text(dialog, /接口编号/, `e2e-if-${n}`)
        await chooseFirst(page, dialog, /请求方式/)
        await text(dialog, /接口地址/, `https://school.example.edu/api/${n}`)
      },
      search: { label: '接口编号', value: 'e2e-if-' },
      edit: { label: /接口名称/, value: '教务接口' },
    },
    externalResource: {
      path: '/external/resource',
      title: '外部资源',
      required: ['请输入资源名称', '请输入资源编号', '请选择资源类型', '请输入资源地址'],
      key: (n) => `e2e-res-${n}`,
      async fill(dialog, n) {
        await text(dialog, /资源名称/, `E2E资源${n}`)
        await text(dialog, /资源编号/, `e2e-res-${n}`)
        await chooseFirst(page, dialog, /资源类型/)
        await text(dialog, /资源地址/, `https://school.example.edu/res/${n}`)
      },
      search: { label: '资源编号', value: 'e2e-res-' },
      edit: { label: /资源名称/, value: '教务系统' },
    },
    externalTask: {
      path: '/external/task',
      title: '对接任务',
      required: ['请输入任务名称', '请输入任务编号'],
      key: (n) => `e2e-task-${n}`,
      async fill(dialog, n) {
        await text(dialog, /任务名称/, `E2E任务${n}`)
        await text(dialog, /任务编号/, `e2e-task-${n}`)
        await text(dialog, /执行周期/, 'every day')
        await dialog.getByRole('textbox', { name: /备注/ }).focus()
        await dialog.getByText('cron 表达式格式不正确').waitFor()
        await text(dialog, /执行周期/, '0 0 2 * * ?')
      },
      search: { label: '任务编号', value: 'e2e-task-' },
      edit: { label: /任务名称/, value: '夜间同步' },
    },
  }
}

/** Walks the named screens in one signed-in app, then checks the page logged no error. */
async function walkAll(names: string[]) {
  const { app } = t
  await app.signInToHome()
  const all = walks(app)
  for (const name of names) await walkResourcePage(app, all[name]!)
  expect(app.pageErrors).toEqual([])
}

describe('plain system screens', () => {
  it(
    '岗位管理, 应用管理, 免鉴权接口, 数据源管理',
    () => walkAll(['post', 'client', 'tokenSkip', 'datasource']),
    WALK_TIMEOUT,
  )

  it('租户产品包, 对象存储, 短信配置', () => walkAll(['tenantPackage', 'oss', 'sms']), WALK_TIMEOUT)

  it('数据权限 and 接口权限 (added through 权限配置)', () => walkAll(['dataScope', 'apiScope']), WALK_TIMEOUT)

  it('业务字典 (the dictionary codes)', () => walkAll(['bizDict']), WALK_TIMEOUT)

  it('机构管理 and 菜单管理 (lazy trees)', () => walkAll(['dept', 'menu']), WALK_TIMEOUT)

  it(
    'SQL定义, 接口定义, 外部资源, 对接任务',
    () => walkAll(['externalSql', 'externalInterface', 'externalResource', 'externalTask']),
    WALK_TIMEOUT,
  )

  it('log viewers: read-only lists, an entry of each kind that has one in 查看', async () => {
    const { app } = t
    await app.signInToHome()
    const page = app.page
    const dialog = page.getByRole('dialog')
    for (const [path, title] of [
      ['/monitor/log/api', '接口日志'],
      ['/monitor/log/usual', '通用日志'],
      ['/monitor/log/error', '错误日志'],
    ] as const) {
      const screen = await openRegion(app, path, title)
      const grid = screen.getByRole('grid', { name: title })
      await grid.waitFor()
      await expect.poll(() => screen.getByText('加载失败').count()).toBe(0)
      // A log is read-only: no 新增, no 编辑.
      expect(await screen.getByRole('button', { name: '新增', exact: true }).count()).toBe(0)
      // 共 n 条 once loaded; a log kind with no entries yet has nothing to open
      const total = Number((await screen.getByText(/共 \d+ 条/).textContent())?.match(/\d+/)?.[0])
      if (!total) continue
      await grid.getByRole('row').nth(1).getByRole('button', { name: '查看' }).click()
      await dialog.getByText(`查看${title}`).waitFor()
      await app.screenshot(`${title} detail`)
      await dialog.getByRole('button', { name: '关闭' }).last().click()
      await dialog.waitFor({ state: 'detached' })
    }
    expect(app.pageErrors).toEqual([])
  })
})

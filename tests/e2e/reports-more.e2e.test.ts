/**
 * 统计报表 through the UI, the rest of the year: the office narrows SJ3 社会服务项目数 to 3 bytes in
 * 口径与格式 (records of 348 bytes); a college extracts SJ2 (the form beside the values SJ1 implies)
 * and SJ3 (the SJ1 rows of class 03 at ≥ 400,000 元, 机时 typed by hand surviving a second 抽取),
 * imports SJ4 whose 实验室编号 SJ6 lacks (SJ4 and SJ5 flagged), types the lab into SJ6 (cleared)
 * and its SJ7 by hand, submits SJ1; another college sees none of it; the office finds the settings
 * frozen, approves SJ1 and re-exports it from 历史报表 byte for byte; the college cannot audit its own
 * college's submission from 待办事务.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import { defaultLayout } from '../../src/shared/resources/report/settings'
import { SJ6_FIELDS, SJ7_FIELDS } from '../../src/shared/resources/report/tables'
import { issueReportTask, reportSchool, xlsxOf } from '../../src/server/report/testing'
import { createUser } from '../support/fixtures'
import { TEST_ADMIN_PASSWORD } from '../support/server'
import { encodeRecords, recordWriter } from '../../src/server/report/txt/format'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { check, closeDrawer, extract, labelled, save, title } from './report-steps'
import { choose, openTab, row, toast } from './screens'

const t = useLabApp('reports-more')
const dir = mkdtempSync(join(tmpdir(), 'lab-e2e-reports-more-'))
let school: Awaited<ReturnType<typeof reportSchool>> | null = null
const scope = { taskSerialNum: 'RW2024', collegeSerialNum: '01' }

/** The school, and the issued 2024-2025 task with college 01's SJ1 and SJ5 (the API, not under test here). */
async function ready() {
  if (school) return school
  const s = await reportSchool(t.server.server)
  school = s
  const office = t.server.server.api(s.office)
  await issueReportTask(office)
  // a second staff member of college 01 (not the submitter)
  s.accounts['01b'] = await createUser(t.server.server.database, {
    account: 'staff01b',
    roleAlias: 'staff',
    deptId: s.colleges[0]!.deptId,
  })
  const c1 = t.server.server.api(s.staff['01'])
  const sj1 = await c1.post('/api/report/sj1/importData', { body: { ...scope, rows: sj1Rows } })
  expect(sj1.status).toBe(200)
  const sj5 = await c1.post('/api/report/sj5/importData', { body: { ...scope, rows: [sj5Row] } })
  expect(sj5.status).toBe(200)
  return s
}

const sj1Row = (i: number, unitPrice: string, name = '数字示波器') => ({
  schoolCode: '10512',
  equipmentNo: `2023${String(i).padStart(4, '0')}`,
  classCode: '03040501',
  equipmentName: name,
  model: `M-${i}`,
  specification: '*',
  sourceCode: '1',
  countryCode: '156',
  unitPrice,
  purchaseMonth: '202309',
  statusCode: '1',
  useDirection: '1',
  unitCode: '0101',
  unitName: '计算机与信息工程学院',
})
// Two rows of class 03 at 400,000 元 or more (SJ3), one just below, the rest small.
const sj1Rows = [
  ...Array.from({ length: 6 }, (_, i) => sj1Row(i + 1, `${2000 + i}.00`)),
  sj1Row(7, '450000.00', '扫描电子显微镜'),
  sj1Row(8, '399999.99', '激光共聚焦显微镜'),
  sj1Row(9, '1200000.00', '核磁共振波谱仪'),
]

const lab = { labCode: 'L0101', labName: '计算机基础实验室' }
const sj5Row = {
  schoolCode: '10512',
  staffNo: '0100001',
  ...lab,
  staffName: '张敏',
  sex: '2',
  birthMonth: '198503',
  subjectCode: '0812',
  titleCode: '012',
  educationCode: '11',
  expertCode: '00',
  domDegreeTime: 0,
  domOtherTime: 0,
  abroadDegreeTime: 0,
  abroadOtherTime: 0,
}
const sj4Row = (i: number) => ({
  schoolCode: '10512',
  experimentNo: `010100${i}`,
  experimentName: i === 1 ? '数字电路基础实验' : '计算机组成原理实验',
  experimentCategory: '1',
  experimentType: '2',
  subjectCode: '0812',
  requirement: '1',
  experimenterType: '1',
  experimenterCount: 60,
  groupSize: 2,
  hours: 4,
  ...lab,
})

async function signIn(app: AppHarness, who: string) {
  const s = await ready()
  const { account, password } = s.accounts[who]!
  await app.signInToHome(account, password)
}

/** 导出TXT through the save dialog into `name`; answers the bytes. */
async function exportTxt(app: AppHarness, scopeOf: Locator | Page, name: string): Promise<Buffer> {
  const target = join(dir, name)
  app.host.dialog.savePaths.push(target)
  await scopeOf.getByRole('button', { name: '导出TXT' }).click()
  await toast(app.page, '导出成功')
  return readFileSync(target)
}

describe('统计报表 through the screens: extraction, typing, cross-table checks, isolation, settings, history', () => {
  it('the office sets SJ3 社会服务项目数 to 3 bytes in 口径与格式: a record of 348 bytes', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, 'office')
    await openTab(app, '/report/task', '报表任务')
    const list = page.getByRole('region', { name: '报表任务' }).getByRole('table', { name: '报表任务列表' })
    await row(list, 'RW2024').getByRole('button', { name: '修改' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('tab', { name: '口径与格式' }).click()
    await dialog.getByRole('combobox', { name: '报表' }).click()
    await page.getByRole('option', { name: 'SJ3 贵重仪器设备表' }).click()
    await dialog.getByText('记录长度 349 字节').waitFor()
    await dialog.getByRole('textbox', { name: '社会服务项目数宽度' }).fill('3')
    await dialog.getByText('记录长度 348 字节').waitFor()
    await app.screenshot('报表任务 口径与格式 SJ3')
    await save(page, dialog, '修改成功')
  })

  it('a college extracts SJ2 from SJ1 and SJ3 from the SJ1 rows at 400,000 元 and more; typed 机时 survive', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, '01')

    await openTab(app, '/report/sj2', title.sj2)
    await extract(page)
    const record = page.getByRole('table', { name: 'SJ2记录' })
    // 本学年末实有数: the nine SJ1 rows, entered and implied alike
    await expect
      .poll(() => row(record, '本学年末实有数·台件').getByRole('cell').allTextContents())
      .toEqual(['本学年末实有数·台件', '9', '9'])
    await expect
      .poll(() => row(record, '本学年末·其中10万元以上·台件').getByRole('cell').allTextContents())
      .toEqual(['本学年末·其中10万元以上·台件', '3', '3'])
    await app.screenshot('SJ2 抽取')

    await openTab(app, '/report/sj3', title.sj3)
    await extract(page)
    const grid = page.getByRole('grid', { name: title.sj3 })
    await row(grid, '核磁共振波谱仪').waitFor()
    await row(grid, '扫描电子显微镜').waitFor()
    await expect.poll(() => grid.getByRole('row').count()).toBe(3)
    expect(await row(grid, '激光共聚焦显微镜').count()).toBe(0)

    await row(grid, '扫描电子显微镜').getByRole('button', { name: '编辑' }).click()
    const form = page.getByRole('dialog')
    await expect.poll(() => form.getByRole('button', { name: '保存' }).isEnabled()).toBe(true)
    await form.getByRole('spinbutton', { name: labelled('使用机时·教学') }).fill('1234')
    await form.getByRole('spinbutton', { name: labelled('社会服务项目数') }).fill('12')
    await save(page, form, '修改成功')
    await row(grid, '扫描电子显微镜').getByText('1234').waitFor()

    await extract(page)
    await row(grid, '核磁共振波谱仪').waitFor()
    await row(grid, '扫描电子显微镜').getByText('1234').waitFor()
    await app.screenshot('SJ3 二次抽取')

    const file = await exportTxt(app, page, 'SJ310512.txt')
    expect(file.length).toBe(2 * 350)
    for (const at of [348, 698]) expect(file.subarray(at, at + 2).toString()).toBe('\r\n')
  })

  it('SJ4 (imported) and SJ5 rows whose 实验室编号 SJ6 lacks are flagged', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, '01')

    // SJ4 by TXT import through the screen
    await openTab(app, '/report/sj4', title.sj4)
    const write = recordWriter(defaultLayout('sj4'), new Set(['experimentName', 'labName']))
    const file = join(dir, 'SJ410512.txt')
    writeFileSync(file, encodeRecords([1, 2].map((i) => (write(sj4Row(i)) as { text: string }).text)))
    await page.getByRole('button', { name: '导入', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('选择导入文件').setInputFiles(file)
    await dialog.getByRole('button', { name: '预检' }).click()
    await dialog.getByRole('region', { name: '预检结果' }).getByText('阻止导入0处').waitFor()
    await dialog.getByRole('button', { name: '确认导入' }).click()
    await toast(page, '导入成功，共2条')
    await dialog.waitFor({ state: 'detached' })

    const missing = '实验室编号L0101在SJ6中不存在'
    let drawer = await check(page)
    await expect.poll(() => drawer.getByText(missing).count()).toBe(2)
    await app.screenshot('SJ4 实验室编号不在SJ6')
    await closeDrawer(drawer)

    await openTab(app, '/report/sj5', title.sj5)
    drawer = await check(page)
    await expect.poll(() => drawer.getByText(missing).count()).toBe(1)
    await closeDrawer(drawer)
  })

  it('the lab typed into SJ6 by hand clears the SJ4 and SJ5 findings', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, '01')
    const missing = '实验室编号L0101在SJ6中不存在'
    await openTab(app, '/report/sj6', title.sj6)
    const sj6 = page.getByRole('region', { name: title.sj6 })
    await sj6.getByRole('button', { name: '新增', exact: true }).click()
    const form = page.getByRole('dialog')
    const typed: Record<string, string> = {
      ...lab,
      foundedYear: '2005',
      subjectCode: '0812',
      area: '120',
      runningFunds: '5',
      materialFunds: '2',
    }
    for (const f of SJ6_FIELDS) {
      if (f.name === 'schoolCode') continue
      const name = labelled(f.label)
      if (f.name === 'labCategory') await choose(page, form, name, '4 其他')
      else if (f.name === 'labType') await choose(page, form, name, '1 教学为主')
      else if (f.kind === 'N' || f.kind === 'D')
        await form.getByRole('spinbutton', { name }).fill(typed[f.name] ?? '0')
      else await form.getByRole('textbox', { name }).fill(typed[f.name]!)
    }
    await app.screenshot('SJ6 手工填写')
    await save(page, form, '新增成功')
    await row(page.getByRole('grid', { name: title.sj6 }), 'L0101').waitFor()

    await openTab(app, '/report/sj4', title.sj4)
    let drawer = await check(page)
    await drawer.getByText('共校验 2 行').waitFor()
    expect(await drawer.getByText(missing).count()).toBe(0)
    await closeDrawer(drawer)
    await openTab(app, '/report/sj5', title.sj5)
    drawer = await check(page)
    await drawer.getByText('共校验 1 行').waitFor()
    expect(await drawer.getByText(missing).count()).toBe(0)
    await closeDrawer(drawer)
  })

  it('the college types its SJ7 by hand beside the values SJ6 implies, checks and submits it', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, '01')
    await openTab(app, '/report/sj7', title.sj7)
    await page.getByRole('button', { name: '填写' }).click()
    const sj7 = page.getByRole('dialog')
    const funds: Record<string, string> = {
      labCount: '1',
      labArea: '120',
      totalFunds: '30',
      equipPurchase: '20',
      equipPurchaseTeach: '10',
      equipMaintain: '3',
      equipMaintainTeach: '1',
      runningFunds: '5',
      materialFunds: '2',
      constructionFunds: '1',
      reformFunds: '1',
      otherFunds: '0',
    }
    for (const f of SJ7_FIELDS)
      if (f.name !== 'schoolCode')
        await sj7.getByRole('spinbutton', { name: labelled(f.label) }).fill(funds[f.name]!)
    await save(page, sj7, '新增成功')
    const record = page.getByRole('table', { name: 'SJ7记录' })
    await expect
      .poll(() => row(record, '实验室个数').getByRole('cell').allTextContents())
      .toEqual(['实验室个数', '1', '1'])
    const drawer = await check(page)
    await drawer.getByText('校验通过').waitFor()
    await app.screenshot('SJ7 手工填写 校验')
    await closeDrawer(drawer)
    await page.getByRole('button', { name: '提交', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: '确认提交' }).click()
    await toast(page, '已提交审核')
    await page.getByRole('region', { name: '填报范围' }).getByText('待审核').waitFor()
  })

  it('the college submits its imported SJ1', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, '01')
    await openTab(app, '/report/sj1', title.sj1)
    const scopeBar = page.getByRole('region', { name: '填报范围' })
    await scopeBar.getByText('填报中').waitFor()
    await page.getByRole('button', { name: '提交', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: '确认提交' }).click()
    await toast(page, '已提交审核')
    await scopeBar.getByText('待审核').waitFor()
  })

  it('another college sees none of those rows', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, '02')
    await openTab(app, '/report/sj1', title.sj1)
    const scopeBar = page.getByRole('region', { name: '填报范围' })
    await expect
      .poll(() => scopeBar.getByRole('combobox', { name: '学院' }).textContent())
      .toContain('机械与电气工程学院')
    await scopeBar.getByText('未填报').waitFor()
    const grid = page.getByRole('grid', { name: title.sj1 })
    await page.getByRole('region', { name: title.sj1 }).getByText('暂无数据').waitFor()
    expect(await grid.getByText('扫描电子显微镜').count()).toBe(0)
    await app.screenshot('SJ1 其他学院')
  })

  it('the office finds the settings frozen, approves SJ1; 历史报表 re-exports the same TXT', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, 'office')
    await openTab(app, '/report/task', '报表任务')
    const list = page.getByRole('region', { name: '报表任务' }).getByRole('table', { name: '报表任务列表' })
    await row(list, 'RW2024').getByRole('button', { name: '修改' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('tab', { name: '口径与格式' }).click()
    await dialog.getByText('已有学院提交审核，口径与格式不能再修改').waitFor()
    await expect.poll(() => dialog.getByRole('textbox', { name: '仪器编号宽度' }).isDisabled()).toBe(true)
    await app.screenshot('报表任务 口径与格式 已冻结')
    await dialog.getByRole('button', { name: '取消' }).click()
    await dialog.waitFor({ state: 'detached' })

    await openTab(app, '/report/audit', '报表审核')
    const screen = page.getByRole('region', { name: '报表审核' })
    await screen.getByRole('tab', { name: 'SJ1 待审核1' }).waitFor()
    await row(screen.getByRole('table', { name: '审核列表' }), '计算机与信息工程学院')
      .getByRole('button', { name: '审核' })
      .click()
    const drawer = page.getByRole('dialog', { name: '审核SJ1' })
    await drawer.getByText('数据（共9行）').waitFor()
    await drawer.getByRole('textbox', { name: '审批意见' }).fill('同意')
    await drawer.getByRole('button', { name: '通过', exact: true }).click()
    await toast(page, '审核通过')
    await drawer.waitFor({ state: 'detached' })

    await openTab(app, '/report/sj1', title.sj1)
    // no college chosen: the school's rows, and 导出TXT writes the school's file
    await page.getByRole('grid', { name: title.sj1 }).getByText('核磁共振波谱仪').waitFor()
    const approved = await exportTxt(app, page, 'approved-SJ110512.txt')
    expect(approved.length).toBe(9 * 187)

    // 统计: statisticalByConditions over the school's SJ1
    await page.getByRole('tab', { name: '统计', exact: true }).click()
    const stats = page.getByRole('region', { name: 'SJ1统计' })
    await expect.poll(() => stats.getByLabel('台件数').textContent()).toBe('台件数9')
    await expect.poll(() => stats.getByLabel('10万元以上台件').textContent()).toBe('10万元以上台件3')
    await stats.getByText('按分类号大类').waitFor()
    await app.screenshot('SJ1 统计')

    await openTab(app, '/report/history', '历史报表')
    const history = page.getByRole('region', { name: '历史报表' })
    await row(history.getByRole('table', { name: '历史报表任务' }), '2024-2025')
      .getByText('2024-2025学年高等学校实验室信息统计')
      .click()
    await history.getByRole('table', { name: 'SJ1汇总' }).getByText('计算机与信息工程学院').waitFor()
    await app.screenshot('历史报表 SJ1')
    const again = await exportTxt(app, history, 'history-SJ110512.txt')
    expect(again.equals(approved)).toBe(true)
  })

  it('another member of the college cannot audit its SJ7 from 待办事务', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, '01b')
    await openTab(app, '/work/claim', '待签事务')
    await row(page.getByRole('table', { name: '待签事务' }), '报表审核')
      .getByRole('button', { name: '签收' })
      .click()
    await toast(page, '签收成功')
    await openTab(app, '/work/todo', '待办事务')
    await row(page.getByRole('table', { name: '待办事务' }), '报表审核')
      .getByRole('button', { name: '办理' })
      .click()
    await page.getByText('数据（共1行）').waitFor()
    await page.getByRole('button', { name: '通过', exact: true }).click()
    await toast(page, '不能审核本学院提交的报表')
    await app.screenshot('报表审核 本学院')
  })

  it('the platform administrator imports the asset-class catalogue (导入分类编码) on 报表任务', async () => {
    const { app } = t
    const page = app.page
    await ready()
    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    await openTab(app, '/report/task', '报表任务')
    const file = join(dir, '分类编码.xlsx')
    writeFileSync(
      file,
      xlsxOf([
        ['分类号', '分类名称'],
        ['0304', '电子测量仪器'],
        [3040501, '示波器'],
      ]),
    )
    await page.getByRole('button', { name: '导入分类编码' }).click()
    const dialog = page.getByRole('dialog', { name: '导入分类编码' })
    await dialog.getByLabel('选择分类编码文件').setInputFiles(file)
    await app.screenshot('导入分类编码')
    await dialog.getByRole('button', { name: '导入', exact: true }).click()
    await toast(page, '导入成功，共2条（新增2条，更新0条）')
    await dialog.waitFor({ state: 'detached' })
    const listed = await t.server.server
      .api(school!.admin)
      .get('/api/report/assetclass/list', { parentCode: '0304' })
    expect(listed.body.data.map((c: { code: string; name: string }) => [c.code, c.name])).toEqual([
      ['03040501', '示波器'],
    ])
  })
})

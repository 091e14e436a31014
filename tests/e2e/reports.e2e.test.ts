/**
 * 统计报表 through the UI: the office creates and issues the year's task (both dialog tabs, the
 * progress matrix); a college imports its SJ1 TXT (preview), checks it (the drawer names rule, row and
 * field), fixes two rows, exports the TXT through the save dialog and submits; the office returns it
 * in 报表审核, the college re-submits and the office approves from 待办事务 (the matrix cell turns 已通过).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultLayout } from '../../src/shared/resources/report/settings'
import { reportSchool } from '../../src/server/report/testing'
import { encodeRecords, recordWriter } from '../../src/server/report/txt/format'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { openTab, row, toast } from './screens'

const t = useLabApp('reports')
const dir = mkdtempSync(join(tmpdir(), 'lab-e2e-reports-'))
let school: Awaited<ReturnType<typeof reportSchool>> | null = null

const write = recordWriter(
  defaultLayout('sj1'),
  new Set(['equipmentName', 'model', 'specification', 'unitName']),
)
const sj1Row = (i: number, more: Record<string, unknown> = {}) => ({
  schoolCode: '10512',
  equipmentNo: `2023${String(i).padStart(4, '0')}`,
  classCode: '03040501',
  equipmentName: i % 3 ? '数字示波器' : '高效液相色谱仪（含自动进样器）',
  model: `DSO-${i}`,
  specification: '*',
  sourceCode: '1',
  countryCode: '156',
  unitPrice: `${1000 + i}.00`,
  purchaseMonth: '202309',
  statusCode: '1',
  useDirection: '1',
  unitCode: '0101',
  unitName: '计算机与信息工程学院',
  ...more,
})
const fileOf = (rows: Record<string, unknown>[]) =>
  encodeRecords(rows.map((r) => (write(r) as { text: string }).text))
const rows = Array.from({ length: 30 }, (_, i) => sj1Row(i + 1))
rows[16] = sj1Row(17, { unitPrice: '500.00' })
rows[24] = sj1Row(25, { equipmentNo: '20230003' })
const fixed = [...rows]
fixed[16] = sj1Row(17, { unitPrice: '1800.00' })
fixed[24] = sj1Row(25)

async function signIn(app: AppHarness, who: string) {
  school ??= await reportSchool(t.server.server)
  const { account, password } = school.accounts[who]!
  await app.signInToHome(account, password)
}

const sj1Title = '教学科研仪器设备表(SJ1)'

describe('统计报表 through the screens', () => {
  it('the office creates the 2024-2025 task (基本信息, 口径与格式) and issues it; the matrix shows 21 cells 未填报', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, 'office')
    await openTab(app, '/report/task', '报表任务')
    const screen = page.getByRole('region', { name: '报表任务' })
    await screen.getByRole('button', { name: '新增', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('combobox', { name: '学年' }).click()
    await page.getByRole('option', { name: '2024-2025学年' }).click()
    await dialog.getByRole('textbox', { name: /学校代码/ }).fill('10512')
    for (const name of ['计算机与信息工程学院', '机械与电气工程学院', '化学与材料学院'])
      await dialog.getByRole('checkbox', { name: new RegExp(name) }).check()
    await app.screenshot('报表任务 基本信息')
    await dialog.getByRole('tab', { name: '口径与格式' }).click()
    await dialog.getByText('记录长度 185 字节').waitFor()
    await app.screenshot('报表任务 口径与格式')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增成功')
    const list = screen.getByRole('table', { name: '报表任务列表' })
    await row(list, 'RW2024').getByText('草稿').waitFor()

    await row(list, 'RW2024').getByRole('button', { name: '下发' }).click()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '下发成功')
    await row(list, 'RW2024').getByText('已下发').waitFor()
    await row(list, 'RW2024').getByRole('button', { name: '查看' }).click()
    const matrix = page.getByRole('table', { name: '填报进度' })
    await expect.poll(() => matrix.getByText('未填报').count()).toBe(21)
    await app.screenshot('报表任务 填报进度')
  })

  it('a college imports its SJ1 TXT, checks, fixes the two rows, exports the same file and submits', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, '01')
    await openTab(app, '/report/sj1', sj1Title)
    const scopeBar = page.getByRole('region', { name: '填报范围' })
    await expect.poll(() => scopeBar.getByRole('combobox', { name: '学院' }).isDisabled()).toBe(true)
    await scopeBar.getByText('未填报').waitFor()

    const file = join(dir, 'SJ110512.txt')
    writeFileSync(file, fileOf(rows))
    await page.getByRole('button', { name: '导入', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('选择导入文件').setInputFiles(file)
    await dialog.getByRole('button', { name: '预检' }).click()
    const preview = dialog.getByRole('region', { name: '预检结果' })
    await preview.getByText('阻止导入0处').waitFor()
    await preview.getByText('SJ1-01 第17行 单价 500.00：单价500.00元低于800元').waitFor()
    await app.screenshot('SJ1 导入预检')
    await dialog.getByRole('button', { name: '确认导入' }).click()
    await toast(page, '导入成功，共30条')
    await scopeBar.getByText('填报中').waitFor()
    const grid = page.getByRole('grid', { name: sj1Title })
    await grid.getByText('高效液相色谱仪（含自动进样器）').first().waitFor()

    await page.getByRole('button', { name: '校验', exact: true }).click()
    const drawer = page.getByRole('dialog', { name: '校验结果' })
    await drawer.getByText('SJ1-01 第17行 单价 500.00：单价500.00元低于800元，不属于SJ1统计范围').waitFor()
    await drawer
      .getByText(/20230003重复/)
      .first()
      .waitFor()
    await app.screenshot('SJ1 校验结果')
    await drawer.getByRole('button', { name: '关闭' }).click()
    await page.getByRole('switch', { name: '只看有问题的行' }).check()
    await expect.poll(() => grid.getByRole('row').count()).toBe(4)

    const edit = async (text: string, label: RegExp, value: string, role: 'spinbutton' | 'textbox') => {
      await row(grid, text).first().getByRole('button', { name: '编辑' }).click()
      const form = page.getByRole('dialog')
      await expect.poll(() => form.getByRole('button', { name: '保存' }).isEnabled()).toBe(true)
      await form.getByRole(role, { name: label }).fill(value)
      await form.getByRole('button', { name: '保存' }).click()
      await toast(page, '修改成功')
      await form.waitFor({ state: 'detached' })
    }
    await edit('500.00', /单价/, '1800', 'spinbutton')
    await edit('DSO-25', /仪器编号/, '20230025', 'textbox')
    await page.getByRole('button', { name: '校验', exact: true }).click()
    await drawer.getByText('校验通过').waitFor()
    await drawer.getByRole('button', { name: '关闭' }).click()

    const target = join(dir, 'export-SJ110512.txt')
    app.host.dialog.savePaths.push(target)
    await page.getByRole('button', { name: '导出TXT' }).click()
    await toast(page, '导出成功')
    expect(readFileSync(target).equals(fileOf(fixed))).toBe(true)

    await page.getByRole('button', { name: '提交', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: '确认提交' }).click()
    await toast(page, '已提交审核')
    await scopeBar.getByText('待审核').waitFor()
    await app.screenshot('SJ1 待审核')
  })

  it('the office returns it with a reason, the college re-submits, the office approves', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, 'office')
    await openTab(app, '/report/audit', '报表审核')
    const screen = page.getByRole('region', { name: '报表审核' })
    await screen.getByRole('tab', { name: 'SJ1 待审核1' }).waitFor()
    const list = screen.getByRole('table', { name: '审核列表' })
    await row(list, '计算机与信息工程学院').getByRole('button', { name: '审核' }).click()
    const drawer = page.getByRole('dialog', { name: '审核SJ1' })
    await drawer.getByText('数据（共30行）').waitFor()
    await app.screenshot('报表审核 审核')
    await drawer.getByRole('button', { name: '退回' }).click()
    await toast(page, '请填写退回原因')
    await drawer.getByRole('textbox', { name: '审批意见' }).fill('第5行型号请核实')
    await drawer.getByRole('button', { name: '退回' }).click()
    await toast(page, '已退回')

    await app.close()
    const college = await t.launch()
    await signIn(college, '01')
    await openTab(college, '/report/sj1', sj1Title)
    const scopeBar = college.page.getByRole('region', { name: '填报范围' })
    await scopeBar.getByText('已退回').waitFor()
    await scopeBar.getByText('第5行型号请核实').waitFor()
    await college.page.getByRole('button', { name: '提交', exact: true }).click()
    await college.page.getByRole('dialog').getByRole('button', { name: '确认提交' }).click()
    await toast(college.page, '已重新提交审核')

    await college.close()
    const office = await t.launch()
    await signIn(office, 'office')
    // the same audit waits in the office's 待签事务 / 待办事务; 办理 shows the submission and completes it
    await openTab(office, '/work/claim', '待签事务')
    await row(office.page.getByRole('table', { name: '待签事务' }), '报表审核')
      .getByRole('button', { name: '签收' })
      .click()
    await toast(office.page, '签收成功')
    await openTab(office, '/work/todo', '待办事务')
    const todo = office.page.getByRole('table', { name: '待办事务' })
    await row(todo, '报表审核').getByRole('button', { name: '办理' }).click()
    await office.page.getByText('数据（共30行）').waitFor()
    await office.page.getByRole('textbox', { name: '审批意见' }).fill('同意')
    await office.page.getByRole('button', { name: '通过', exact: true }).click()
    await toast(office.page, '审核通过')

    await openTab(office, '/report/task', '报表任务')
    const tasks = office.page.getByRole('table', { name: '报表任务列表' })
    await row(tasks, 'RW2024').getByRole('button', { name: '查看' }).click()
    const matrix = office.page.getByRole('table', { name: '填报进度' })
    await expect.poll(() => matrix.getByText('已通过').count()).toBe(1)
    await matrix.getByRole('button', { name: '计算机与信息工程学院 SJ1' }).click()
    await office.page.getByRole('region', { name: '填报范围' }).getByText('已通过').waitFor()
  })
})

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { addColleges } from '../../src/server/base/testing'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { createUser, type CreatedUser } from '../support/fixtures'
import type { Api } from '../support/server'
import { useLabApp } from './fixture'
import { chooseFirst, fillDate, openRegion, pickTree, row, text, toast } from './screens'

/**
 * 设备资产 through the UI against the real server, in zh: the equipment register imported (a row the
 * preview refuses, then a file the server refuses whole, then a good one) and exported, an item's
 * 变动记录, a donation whose item enters the register, the work-log and 校企合作 lists; and a device
 * reported by a teacher, accepted and assigned, repaired with a record and closed by the office,
 * with the 维修统计 counting it.
 */
const t = useLabApp('assets')
const dir = mkdtempSync(join(tmpdir(), 'lab-assets-e2e-'))
let admin: Api
let teacher: CreatedUser

beforeAll(async () => {
  const server = t.server.server
  await addColleges(server.database.db, '000000', [['A01', '物理学院']])
  admin = server.api(await server.login('admin', TEST_ADMIN_PASSWORD))
  teacher = await createUser(server.database, { account: 'assets_teacher', roleAlias: 'teacher' })
})

function sheet(file: string, rows: unknown[][]) {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1')
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
}

const HEADER = [
  '仪器编号',
  '仪器名称',
  '分类号',
  '单价(元)',
  '购置日期',
  '仪器来源',
  '现状',
  '使用方向',
  '使用单位',
]
const item = (no: string, name: string, unit = 'A01', classCode = '03040501') => [
  no,
  name,
  classCode,
  56000,
  '2024-03-01',
  '购置',
  '在用',
  '教学为主',
  unit,
]
const registered = async (prefix: string) =>
  Number((await admin.get('/api/assets/equipment/page', { equipmentNo: prefix, size: 100 })).body.data.total)

describe('设备资产', () => {
  it('imports equipment (bad row, refused file, good file), exports it, shows history, takes a donation', async () => {
    const { app } = t
    const page = app.page
    const dialog = page.getByRole('dialog')
    await app.signInToHome()
    const screen = await openRegion(app, '/assets/equipment', '仪器设备')
    await screen.getByText('暂无数据').or(screen.getByRole('row').nth(1)).first().waitFor()

    const bad = join(dir, 'bad.xlsx')
    sheet(bad, [HEADER, item('E2E00001', '示波器'), item('E2E00002', '电源', 'A01', '3X')])
    app.host.dialog.openPaths.push(bad)
    await screen.getByRole('toolbar').getByRole('button', { name: '导入' }).click()
    await dialog.getByRole('button', { name: '选择文件' }).click()
    await dialog.getByText('共 2 行，1 行有错误').waitFor()
    expect(await dialog.getByRole('button', { name: '确认导入' }).isDisabled()).toBe(true)
    await app.screenshot('equipment import blocked')

    const refused = join(dir, 'refused.xlsx')
    sheet(refused, [HEADER, item('E2E00001', '示波器'), item('E2E00002', '电源', 'ZZ')])
    app.host.dialog.openPaths.push(refused)
    await dialog.getByRole('button', { name: '选择文件' }).click()
    await dialog.getByText('共 2 行，0 行有错误').waitFor()
    await dialog.getByRole('button', { name: '确认导入' }).click()
    await dialog.getByText(/第3行: 使用单位“ZZ”不存在。未导入任何数据/).waitFor()
    expect(await registered('E2E')).toBe(0)

    const good = join(dir, 'good.xlsx')
    sheet(good, [HEADER, item('E2E00001', '示波器'), item('E2E00002', '直流电源')])
    app.host.dialog.openPaths.push(good)
    await dialog.getByRole('button', { name: '选择文件' }).click()
    await dialog.getByText('共 2 行，0 行有错误').waitFor()
    await dialog.getByRole('button', { name: '确认导入' }).click()
    await toast(page, '导入成功')
    await dialog.waitFor({ state: 'detached' })
    expect(await registered('E2E')).toBe(2)
    await row(screen, 'E2E00002').first().waitFor()

    const target = join(dir, 'equipment.xlsx')
    app.host.dialog.savePaths.push(target)
    await screen.getByRole('toolbar').getByRole('button', { name: '导出' }).click()
    await toast(page, '导出完成')
    const book = XLSX.read(readFileSync(target))
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!)
    expect(rows.map((r) => String(r['仪器编号']))).toEqual(expect.arrayContaining(['E2E00001', 'E2E00002']))

    // 编辑 现状 to 待修 → one line in 变动记录
    await row(screen, 'E2E00001').getByRole('button', { name: '编辑' }).click()
    await dialog.getByRole('combobox', { name: /现状/ }).click()
    await page.getByRole('option', { name: '待修' }).click()
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '修改成功')
    await row(screen, 'E2E00001').getByRole('button', { name: '变动记录' }).click()
    await dialog.getByText(/在用 → 待修/).waitFor()
    await app.screenshot('equipment history')
    await dialog.getByRole('button', { name: '关闭' }).click()

    const donations = await openRegion(app, '/assets/donate', '资产捐赠')
    await donations.getByRole('toolbar').getByRole('button', { name: '新增' }).click()
    await text(dialog, /捐赠方$/, '某仪器公司')
    await chooseFirst(page, dialog, /捐赠方类型/)
    await pickTree(page, dialog, /使用单位/, '物理学院')
    await fillDate(dialog, '捐赠日期', '2025-09-01')
    await dialog.getByRole('textbox', { name: '物品名称 1' }).fill('捐赠显微镜')
    await dialog.getByRole('textbox', { name: '分类号 1' }).fill('03040501')
    await dialog.getByRole('spinbutton', { name: '单价(元) 1' }).fill('12000')
    await app.screenshot('donation form')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增成功')
    await row(donations, '某仪器公司').first().waitFor()
    const donated = await admin.get('/api/assets/equipment/page', { equipmentName: '捐赠显微镜' })
    expect(donated.body.data.records[0]).toMatchObject({ source: 2, price: expect.stringMatching(/^12000/) })

    for (const [path, title] of [
      ['/assets/worklog', '实验室工作日志'],
      ['/lab/schoolenterprise', '校企合作'],
    ]) {
      const list = await openRegion(app, path, title)
      await list.getByRole('toolbar').getByRole('button', { name: '新增' }).waitFor()
      await app.screenshot(title)
    }
  })

  it('a teacher reports a device; the office accepts, repairs with a record and closes it', async () => {
    const { app } = t
    const page = app.page
    const dialog = page.getByRole('dialog').last()
    await admin.post('/api/assets/equipment/save', {
      body: {
        equipmentNo: 'R2E00001',
        equipmentName: '紫外分光光度计',
        classCode: '03040501',
        price: 56000,
        purchaseDate: '2023-05-10',
        source: 1,
        statusCode: 1,
        useDirection: 1,
        deptSerial: 'A01',
        location: '理科楼201',
      },
    })
    await app.signInToHome(teacher.account, teacher.password)
    const apply = await openRegion(app, '/repairs/apply', '设备报修')
    await apply.getByRole('toolbar').getByRole('button', { name: '新增' }).click()
    await dialog.getByRole('combobox', { name: /报修设备/ }).pressSequentially('R2E')
    await page.getByRole('option', { name: /R2E00001 紫外分光光度计/ }).click()
    await chooseFirst(page, dialog, /故障类型/)
    await dialog.getByRole('textbox', { name: /故障描述/ }).fill('开机后无显示')
    await text(dialog, /联系电话/, '13800000000')
    await app.screenshot('repair form')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增成功')
    await row(apply, 'R2E00001').getByText('草稿').waitFor()
    await row(apply, 'R2E00001').getByRole('button', { name: '提交报修' }).click()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '报修已提交，等待受理')
    await row(apply, 'R2E00001').getByText('待受理').waitFor()
    await app.close()

    const office = await t.launch()
    const officePage = office.page
    const officeDialog = officePage.getByRole('dialog').last()
    await office.signInToHome()
    const manage = await openRegion(office, '/repairs/manage', '维修管理')
    await row(manage, 'R2E00001')
      .getByRole('button', { name: /办理（受理派工）/ })
      .click()
    await officeDialog.getByRole('combobox', { name: '维修人' }).click()
    await officePage.getByRole('option', { name: /（admin）/ }).click()
    await office.screenshot('repair accept')
    await officeDialog.getByRole('button', { name: '受理派工' }).click()
    await toast(officePage, '已受理并派工')
    await row(manage, 'R2E00001').getByText('维修中').waitFor()
    expect(
      (await admin.get('/api/assets/equipment/page', { equipmentNo: 'R2E00001' })).body.data.records[0],
    ).toMatchObject({
      statusCode: 3,
    })

    await row(manage, 'R2E00001')
      .getByRole('button', { name: /办理（维修处理）/ })
      .click()
    await officeDialog.getByRole('button', { name: '登记维修记录' }).click()
    await officeDialog.getByRole('textbox', { name: /维修内容/ }).fill('更换电源模块')
    await officeDialog.getByRole('spinbutton', { name: /费用/ }).fill('320')
    await officeDialog.getByRole('button', { name: '保存' }).click()
    await toast(officePage, '维修记录已保存')
    await officeDialog.getByText('更换电源模块').waitFor()
    await office.screenshot('repair record')
    await officeDialog.getByRole('button', { name: '维修完成' }).click()
    await toast(officePage, '维修完成，报修单已办结')
    await row(manage, 'R2E00001').getByText('已完成').waitFor()
    expect(
      (await admin.get('/api/assets/equipment/page', { equipmentNo: 'R2E00001' })).body.data.records[0],
    ).toMatchObject({
      statusCode: 1,
    })

    const stats = await openRegion(office, '/repairs/statistics', '维修统计')
    await expect.poll(() => stats.getByLabel('已完成', { exact: true }).textContent()).toContain('1')
    await office.screenshot('repair statistics')
  })
})

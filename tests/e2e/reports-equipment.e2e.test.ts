/**
 * 导入设备 on SJ1 through the UI: a college's staff member opens the equipment picker, finds the
 * register's items of their college (one already in SJ1 marked 已导入, another college's absent),
 * filters by name, picks with 全选匹配项, imports; the rows appear with the register's fields, the
 * item under 800 元 is reported as skipped, and 校验 runs over the imported rows.
 */
import { describe, expect, it } from 'vitest'
import { dataOfTenant } from '../../src/server/core/data'
import { assetsEquipment } from '../../src/server/db/schema'
import { issueReportTask, reportSchool } from '../../src/server/report/testing'
import { useLabApp } from './fixture'
import { fillDate, openTab, row, toast } from './screens'

const t = useLabApp('reports-equipment')
const scope = { taskSerialNum: 'RW2024', collegeSerialNum: '01' }
const sj1Title = '教学科研仪器设备表(SJ1)'

const equipment = (no: string, more: Record<string, unknown> = {}) => ({
  equipmentNo: no,
  equipmentName: '数字示波器',
  classCode: '03040501',
  model: `DSO-${no.slice(-1)}`,
  specification: '200MHz',
  price: '2000.00',
  purchaseDate: '2023-10-01',
  source: 1,
  countryCode: '156',
  statusCode: 1,
  useDirection: 1,
  deptSerial: '01',
  keeper: '王工',
  ...more,
})

/**
 * The issued 2024-2025 task, the register (six items of college 01 — one under 800 元 — and one of
 * college 02) and college 01's SJ1 holding 25000001 already (the API, not under test here).
 */
async function ready() {
  const school = await reportSchool(t.server.server)
  const office = t.server.server.api(school.office)
  await issueReportTask(office)
  const data = dataOfTenant(t.server.server.database.db, '000000')
  await data.repo(assetsEquipment).insert([
    equipment('25000001'),
    equipment('25000002'),
    equipment('25000003'),
    equipment('25000004', { price: '500.00', equipmentName: '游标卡尺' }),
    equipment('25000005', {
      equipmentName: '扫描电子显微镜',
      model: 'SEM-5',
      price: '450000.00',
      purchaseDate: '2024-10-08',
    }),
    equipment('25000006', { equipmentName: '激光共聚焦显微镜', model: 'LSM-6', price: '380000.00' }),
    equipment('25000009', { deptSerial: '02', equipmentName: '数控车床' }),
  ] as never)
  const sj1 = await t.server.server.api(school.staff['01']).post('/api/report/sj1/importData', {
    body: {
      ...scope,
      rows: [
        {
          schoolCode: '10512',
          equipmentNo: '25000001',
          classCode: '03040501',
          equipmentName: '数字示波器',
          model: 'DSO-1',
          specification: '200MHz',
          sourceCode: '1',
          countryCode: '156',
          unitPrice: '2000.00',
          purchaseMonth: '202310',
          statusCode: '1',
          useDirection: '1',
          unitCode: '01',
          unitName: '计算机与信息工程学院',
        },
      ],
    },
  })
  expect(sj1.status, JSON.stringify(sj1.body)).toBe(200)
  return school
}

describe('导入设备 through the SJ1 screen', () => {
  it('picks the college’s equipment, imports it as SJ1 rows and checks them', async () => {
    const school = await ready()
    const { app } = t
    const page = app.page
    const { account, password } = school.accounts['01']!
    await app.signIn(account, password)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    await openTab(app, '/report/sj1', sj1Title)
    const grid = page.getByRole('grid', { name: sj1Title })
    await grid.getByText('25000001').waitFor()

    await page.getByRole('button', { name: '导入设备' }).click()
    const dialog = page.getByRole('dialog', { name: '导入设备' })
    const list = dialog.getByRole('table', { name: '设备列表' })
    await row(list, '25000001').getByText('已导入').waitFor()
    expect(await row(list, '25000001').getByRole('checkbox').isDisabled()).toBe(true)
    await expect.poll(() => list.getByRole('row').count()).toBe(7) // header and the college's six
    expect(await list.getByText('数控车床').count()).toBe(0)

    // by name: the two microscopes; by 购置日期 from 2024-09-01: the one bought in the 学年, picked by hand
    await dialog.getByRole('textbox', { name: '仪器名称或编号' }).fill('显微镜')
    await dialog.getByRole('button', { name: '查询' }).click()
    await expect.poll(() => list.getByRole('row').count()).toBe(3)
    await fillDate(dialog, '购置日期起', '2024-09-01')
    await dialog.getByRole('button', { name: '查询' }).click()
    await expect.poll(() => list.getByRole('row').count()).toBe(2)
    await row(list, '25000005').getByText('450000.00', { exact: true }).waitFor()
    await row(list, '25000005').getByRole('checkbox').check()
    await dialog.getByText('已选1台').waitFor()
    await app.screenshot('SJ1 导入设备')

    // 全选匹配项 over every item of the college not yet in SJ1 (the one under 800 元 included)
    await dialog.getByRole('button', { name: '重置' }).click()
    await expect.poll(() => list.getByRole('row').count()).toBe(7)
    await dialog.getByRole('button', { name: '全选匹配项' }).click()
    await dialog.getByText('已选5台').waitFor()
    await dialog.getByRole('button', { name: '导入', exact: true }).click()
    await toast(page, '导入4台设备，跳过1台')
    await page.getByText('跳过：25000004（不属于SJ1统计范围）').first().waitFor()
    await dialog.waitFor({ state: 'detached' })

    await expect.poll(() => row(grid, '2500000').count()).toBe(5)
    const sem = row(grid, '25000005')
    for (const text of ['扫描电子显微镜', 'SEM-5', '200MHz', '202410', '计算机与信息工程学院'])
      await sem.getByText(text, { exact: true }).first().waitFor()
    expect(await row(grid, '25000004').count()).toBe(0)

    // a second look: everything is in the task now
    await page.getByRole('button', { name: '导入设备' }).click()
    await expect.poll(() => row(list, '已导入').count()).toBe(5)
    await dialog.getByRole('button', { name: '取消' }).click()
    await dialog.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: '校验', exact: true }).click()
    const drawer = page.getByRole('dialog', { name: '校验结果' })
    await drawer.getByText('校验通过').waitFor()
    await app.screenshot('SJ1 导入设备后校验')
  })
})

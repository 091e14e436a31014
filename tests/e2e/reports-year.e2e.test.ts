/**
 * The year of 统计报表 through the UI, end to end: the office issues the 2024-2025 task; three colleges
 * fill all seven tables — SJ1 by 导入设备 (01), by 抽取 from the register (02) and by TXT import
 * (03); SJ2 by 抽取 (01, 02) or typed (03); SJ3 checked empty (no item at 400,000 元); SJ6, SJ4 and SJ5
 * by TXT import; SJ7 typed — check and submit each; the office returns one (02's SJ4), the college
 * re-submits it, and the office approves all 21: the progress matrix shows 21 已通过.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import { dataOfTenant } from '../../src/server/core/data'
import { assetsEquipment } from '../../src/server/db/schema'
import { reportSchool } from '../../src/server/report/testing'
import { encodeRecords, recordWriter } from '../../src/server/report/txt/format'
import { defaultLayout } from '../../src/shared/resources/report/settings'
import { SJ2_FIELDS, SJ7_FIELDS, TABLE_CODES, type TableCode } from '../../src/shared/resources/report/tables'
import { check, closeDrawer, extract, importFile, labelled, save, submit, title } from './report-steps'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { openTab, row, toast } from './screens'

const t = useLabApp('reports-year')
const dir = mkdtempSync(join(tmpdir(), 'lab-e2e-reports-year-'))
let school: Awaited<ReturnType<typeof reportSchool>> | null = null

const COLLEGES = [
  { serial: '01', name: '计算机与信息工程学院' },
  { serial: '02', name: '机械与电气工程学院' },
  { serial: '03', name: '化学与材料学院' },
] as const
type Serial = (typeof COLLEGES)[number]['serial']

/** Three items per college, 2,000 to 4,000 元, accepted before the 学年 (SJ2: nothing added or left). */
const PRICES = ['2000.00', '3000.00', '4000.00']
const equipmentNo = (serial: Serial, i: number) => `2${serial}0000${i}`

/** The school and the register of colleges 01 and 02 (college 03 works on imported data alone). */
async function ready() {
  if (school) return school
  school = await reportSchool(t.server.server)
  const data = dataOfTenant(t.server.server.database.db, '000000')
  for (const serial of ['01', '02'] as const)
    await data.repo(assetsEquipment).insert(
      PRICES.map((price, i) => ({
        equipmentNo: equipmentNo(serial, i + 1),
        equipmentName: '数字示波器',
        classCode: '03040501',
        model: `DSO-${i + 1}`,
        specification: '200MHz',
        price,
        purchaseDate: '2023-10-01',
        source: 1,
        countryCode: '156',
        statusCode: 1,
        useDirection: 1,
        deptSerial: serial,
        keeper: '王工',
      })) as never,
    )
  return school
}

async function signIn(app: AppHarness, who: string) {
  const s = await ready()
  const { account, password } = s.accounts[who]!
  await app.signInToHome(account, password)
}

/** A TXT of the year's default layout holding `rows`, written for the import dialog. */
function txtFile(table: TableCode, serial: Serial, rows: Record<string, unknown>[]) {
  const layout = defaultLayout(table)
  const text = new Set(layout.filter((f) => f.kind === 'C' && f.width > 10).map((f) => f.name))
  const write = recordWriter(layout, text)
  const file = join(dir, `${table}-${serial}.txt`)
  writeFileSync(file, encodeRecords(rows.map((r) => (write(r) as { text: string }).text)))
  return file
}

const lab = (serial: Serial) => ({ labCode: `L${serial}01`, labName: `基础实验室${serial}` })

const sj1Rows = (serial: Serial) =>
  PRICES.map((price, i) => ({
    schoolCode: '10512',
    equipmentNo: equipmentNo(serial, i + 1),
    classCode: '03040501',
    equipmentName: '数字示波器',
    model: `DSO-${i + 1}`,
    specification: '200MHz',
    sourceCode: '1',
    countryCode: '156',
    unitPrice: price,
    purchaseMonth: '202310',
    statusCode: '1',
    useDirection: '1',
    unitCode: serial,
    unitName: COLLEGES.find((c) => c.serial === serial)!.name,
  }))

/** SJ6: one lab of 120 m² (every figure not named is 0). */
function sj6Row(serial: Serial) {
  const named: Record<string, unknown> = {
    schoolCode: '10512',
    ...lab(serial),
    labCategory: '4',
    foundedYear: '2005',
    area: '120',
    labType: '1',
    subjectCode: '0812',
    runningFunds: '5',
    materialFunds: '2',
  }
  return Object.fromEntries(defaultLayout('sj6').map((f) => [f.name, named[f.name] ?? 0]))
}

const sj4Row = (serial: Serial) => ({
  schoolCode: '10512',
  experimentNo: `${serial}01001`,
  experimentName: '数字电路基础实验',
  experimentCategory: '1',
  experimentType: '2',
  subjectCode: '0812',
  requirement: '1',
  experimenterType: '1',
  experimenterCount: 60,
  groupSize: 2,
  hours: 4,
  ...lab(serial),
})

const sj5Row = (serial: Serial) => ({
  schoolCode: '10512',
  staffNo: `${serial}00001`,
  ...lab(serial),
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
})

/** 校验 shows 校验通过; the drawer closes. */
async function checkPasses(page: Page) {
  const drawer = await check(page)
  await drawer.getByText('校验通过').waitFor()
  await closeDrawer(drawer)
}

/** Opens the single-record form (填写), types the values by label and saves. */
async function typeRecord(
  page: Page,
  fields: readonly { name: string; label: string }[],
  values: Record<string, string>,
) {
  await page.getByRole('button', { name: '填写' }).click()
  const form = page.getByRole('dialog')
  for (const f of fields)
    if (f.name !== 'schoolCode')
      await form.getByRole('spinbutton', { name: labelled(f.label) }).fill(values[f.name]!)
  await save(page, form, '新增成功')
}

/** One college's seven tables: filled, checked and submitted. */
async function fillYear(app: AppHarness, serial: Serial) {
  const page = app.page
  await signIn(app, serial)

  await openTab(app, '/report/sj1', title.sj1)
  const sj1 = page.getByRole('grid', { name: title.sj1 })
  if (serial === '01') {
    await page.getByRole('button', { name: '导入设备' }).click()
    const picker = page.getByRole('dialog', { name: '导入设备' })
    await expect.poll(() => picker.getByRole('table', { name: '设备列表' }).getByRole('row').count()).toBe(4)
    await picker.getByRole('button', { name: '全选匹配项' }).click()
    await picker.getByText('已选3台').waitFor()
    await picker.getByRole('button', { name: '导入', exact: true }).click()
    await toast(page, '导入3台设备')
    await picker.waitFor({ state: 'detached' })
  } else if (serial === '02') await extract(page)
  else await importFile(page, txtFile('sj1', serial, sj1Rows(serial)), 3)
  await expect.poll(() => row(sj1, equipmentNo(serial, 1).slice(0, 6)).count()).toBe(3)
  await checkPasses(page)
  await submit(page)

  await openTab(app, '/report/sj2', title.sj2)
  if (serial === '03') {
    // an imported SJ1 has no register behind it: the whole record by hand
    const end = { count: '3', amount: '0.9', bigCount: '0', bigAmount: '0' }
    await typeRecord(page, SJ2_FIELDS, {
      lastCount: end.count,
      lastAmount: end.amount,
      lastBigCount: end.bigCount,
      lastBigAmount: end.bigAmount,
      addCount: '0',
      addAmount: '0',
      reduceCount: '0',
      reduceAmount: '0',
      endCount: end.count,
      endAmount: end.amount,
      endBigCount: end.bigCount,
      endBigAmount: end.bigAmount,
    })
  } else await extract(page)
  await expect
    .poll(() =>
      row(page.getByRole('table', { name: 'SJ2记录' }), '本学年末实有数·台件')
        .getByRole('cell')
        .allTextContents(),
    )
    .toEqual(['本学年末实有数·台件', '3', '3'])
  await checkPasses(page)
  await submit(page)

  // no item at 400,000 元 or more: SJ3 is empty, and that passes
  await openTab(app, '/report/sj3', title.sj3)
  await checkPasses(page)
  await submit(page)

  await openTab(app, '/report/sj6', title.sj6)
  await importFile(page, txtFile('sj6', serial, [sj6Row(serial)]), 1)
  await row(page.getByRole('grid', { name: title.sj6 }), lab(serial).labCode).waitFor()
  await check(page).then(closeDrawer)
  await submit(page)

  await openTab(app, '/report/sj4', title.sj4)
  await importFile(page, txtFile('sj4', serial, [sj4Row(serial)]), 1)
  await check(page).then(closeDrawer)
  await submit(page)

  await openTab(app, '/report/sj5', title.sj5)
  await importFile(page, txtFile('sj5', serial, [sj5Row(serial)]), 1)
  await check(page).then(closeDrawer)
  await submit(page)

  await openTab(app, '/report/sj7', title.sj7)
  await typeRecord(page, SJ7_FIELDS, {
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
  })
  await checkPasses(page)
  await submit(page)
  await app.screenshot(`学院${serial} 七表已提交`)
}

/** In 报表审核 › table: the college's submission, passed or returned with `comment`. */
async function audit(page: Page, table: TableCode, college: string, pass: boolean, comment: string) {
  const screen = page.getByRole('region', { name: '报表审核' })
  const short = table.toUpperCase()
  await screen.getByRole('tab', { name: new RegExp(`^${short} 待审核`) }).click()
  await row(screen.getByRole('table', { name: '审核列表' }), college)
    .getByRole('button', { name: '审核' })
    .click()
  const drawer = page.getByRole('dialog', { name: `审核${short}` })
  await drawer.getByText(/数据（共\d+行）/).waitFor()
  await drawer.getByRole('textbox', { name: '审批意见' }).fill(comment)
  await drawer.getByRole('button', { name: pass ? '通过' : '退回', exact: true }).click()
  await toast(page, pass ? '审核通过' : '已退回')
  await drawer.waitFor({ state: 'detached' })
}

describe('统计报表: a whole year through the screens', () => {
  it('the office issues the 2024-2025 task for three colleges', async () => {
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
    for (const c of COLLEGES) await dialog.getByRole('checkbox', { name: new RegExp(c.name) }).check()
    await save(page, dialog, '新增成功')
    const list = screen.getByRole('table', { name: '报表任务列表' })
    await row(list, 'RW2024').getByRole('button', { name: '下发' }).click()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '下发成功')
    await row(list, 'RW2024').getByText('已下发').waitFor()
  })

  for (const c of COLLEGES)
    it(`${c.name} fills, checks and submits SJ1–SJ7`, async () => {
      await fillYear(t.app, c.serial)
    })

  it('the office approves 20 and returns 机械与电气工程学院’s SJ4', async () => {
    const { app } = t
    const page = app.page
    await signIn(app, 'office')
    await openTab(app, '/report/audit', '报表审核')
    for (const table of TABLE_CODES)
      for (const c of COLLEGES) {
        const returned = table === 'sj4' && c.serial === '02'
        await audit(page, table, c.name, !returned, returned ? '实验学时请核实' : '同意')
      }
    await app.screenshot('报表审核 全部处理')
  })

  it('the college sees the return and re-submits; the office approves it: 21 cells 已通过', async () => {
    const college = t.app
    await signIn(college, '02')
    await openTab(college, '/report/sj4', title.sj4)
    const scopeBar = college.page.getByRole('region', { name: '填报范围' })
    await scopeBar.getByText('已退回').waitFor()
    await scopeBar.getByText('实验学时请核实').waitFor()
    await submit(college.page, '已重新提交审核')

    await college.close()
    const office = await t.launch()
    await signIn(office, 'office')
    await openTab(office, '/report/audit', '报表审核')
    await audit(office.page, 'sj4', '机械与电气工程学院', true, '同意')

    await openTab(office, '/report/task', '报表任务')
    const tasks = office.page.getByRole('table', { name: '报表任务列表' })
    await row(tasks, 'RW2024').getByRole('button', { name: '查看' }).click()
    const matrix = office.page.getByRole('table', { name: '填报进度' })
    await expect.poll(() => matrix.getByText('已通过').count()).toBe(21)
    await office.screenshot('报表任务 全部已通过')
  })
})

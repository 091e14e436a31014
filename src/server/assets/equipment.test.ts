import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { basicAuth, startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { addColleges } from '../base/testing'

let t: TestServer
let api: Api
let token: string

const E = '/api/assets/equipment'
const item = (over: Record<string, unknown> = {}) => ({
  equipmentName: '数字示波器',
  classCode: '03030501',
  model: 'DSO-X 2002A',
  price: 12800,
  purchaseDate: '2024-10-12',
  source: 1,
  countryCode: '840',
  statusCode: 1,
  useDirection: 1,
  deptSerial: '01',
  ...over,
})

beforeAll(async () => {
  t = await startTestServer()
  token = await t.login()
  api = t.api(token)
  await addColleges(t.database.db, '000000', [
    ['01', '物理学院'],
    ['02', '化学学院'],
  ])
})
afterAll(() => t?.close())

const page = async (query: Record<string, string | number> = {}) =>
  (await api.get(`${E}/page`, { size: 100, ...query })).body.data

describe('仪器设备 register', () => {
  it('numbers a new item by its 购置 year, keeps 仪器编号 unique, and checks the register rules', async () => {
    const saved = await api.post(`${E}/save`, { body: item() })
    expect(saved.status).toBe(200)
    const [row] = (await page({ equipmentName: '数字示波器' })).records
    expect(row.equipmentNo).toMatch(/^24\d{6}$/)
    expect(row.price).toBe('12800.0000')
    const dup = await api.post(`${E}/save`, { body: item({ equipmentNo: row.equipmentNo }) })
    expect(dup.status).toBe(400)
    expect(dup.body.msg).toBe('仪器编号已存在')
    const cents = await api.post(`${E}/save`, { body: item({ price: 12.345 }) })
    expect(cents.body.msg).toBe('单价最多保留两位小数')
    const scrapped = await api.post(`${E}/save`, { body: item({ statusCode: 6 }) })
    expect(scrapped.body.msg).toBe('现状为丢失、报废或调出时请填写减少日期')
    const unit = await api.post(`${E}/save`, { body: item({ deptSerial: '99' }) })
    expect(unit.body.msg).toBe('使用单位“99”不存在')
    const lab = await api.post(`${E}/save`, { body: item({ labSerial: 'NOLAB' }) })
    expect(lab.body.msg).toBe('实验室“NOLAB”不存在')
    const future = await api.post(`${E}/save`, { body: item({ purchaseDate: '2999-01-01' }) })
    expect(future.body.msg).toBe('购置日期不能晚于今天')
    const longNo = await api.post(`${E}/save`, { body: item({ equipmentNo: '123456789' }) })
    expect(longNo.status).toBe(400)
    expect((await page({ equipmentName: '数字示波器' })).total).toBe(1)
  })

  it('keeps the 现状 and 单价 history an SJ2 extraction reads', async () => {
    await api.post(`${E}/save`, {
      body: item({ equipmentNo: 'H0000001', equipmentName: '离心机', price: 5000 }),
    })
    const [row] = (await page({ equipmentNo: 'H0000001' })).records
    const edit = await api.post(`${E}/submit`, {
      body: { ...row, statusCode: 6, scrapDate: '2025-03-01', price: 4800 },
    })
    expect(edit.status).toBe(200)
    const history = (await api.get(`${E}/changes`, { equipmentId: row.id })).body.data
    expect(history).toEqual([
      expect.objectContaining({
        changeType: 3,
        changeDate: '2025-03-01',
        fromStatus: 1,
        toStatus: 6,
        fromPrice: '5000.00',
        toPrice: '4800.00',
        origin: 'form',
      }),
    ])
    const back = await api.post(`${E}/submit`, {
      body: { ...row, statusCode: 1, scrapDate: '2025-02-01', price: 4800 },
    })
    expect(back.status).toBe(200)
    const later = (await api.get(`${E}/changes`, { equipmentId: row.id })).body.data
    expect(later).toHaveLength(2)
    expect((await api.get(`${E}/detail`, { id: row.id })).body.data.scrapDate).toBeNull()
  })
})

describe('import and export', () => {
  const rows = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({
      ...item({ equipmentName: `导入设备${i}`, price: 1000 + i }),
      equipmentNo: `${prefix}${String(i).padStart(4, '0')}`,
    }))

  it('answers every bad row on a dry run, refuses the file whole, then takes a good one', async () => {
    const file = rows(5, 'IM')
    file[1].equipmentName = ''
    file[2].deptSerial = '77'
    file[3].equipmentNo = 'IM0000'
    file[4].statusCode = 7
    const dry = await api.post(`${E}/importData`, { query: { dryRun: 1 }, body: file })
    expect(dry.status).toBe(200)
    expect(dry.body.data.dryRun).toBe(true)
    expect(dry.body.data.errors).toEqual([
      { line: 3, errors: ['请输入仪器名称'] },
      { line: 4, errors: ['使用单位“77”不存在'] },
      { line: 5, errors: ['仪器编号“IM0000”与第2行重复'] },
      { line: 6, errors: ['现状为丢失、报废或调出时请填写减少日期'] },
    ])
    const refused = await api.post(`${E}/importData`, { body: file })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toContain('第3行: 请输入仪器名称')
    expect(refused.body.msg).toContain('未导入任何数据')
    expect((await page({ equipmentNo: 'IM' })).total).toBe(0)

    const good = rows(300, 'IM')
    good[0].statusCode = 6
    Object.assign(good[0], { scrapDate: '2025-05-05' })
    delete (good[1] as Record<string, unknown>).equipmentNo
    const done = await api.post(`${E}/importData`, { body: good })
    expect(done.status).toBe(200)
    expect(done.body.data).toMatchObject({ total: 300, inserted: 300, dryRun: false })
    expect((await page({ equipmentNo: 'IM' })).total).toBe(299)
    expect((await page({ equipmentName: '导入设备1', equipmentNo: '24' })).total).toBeGreaterThan(0)
    const again = await api.post(`${E}/importData`, { query: { dryRun: 1 }, body: rows(2, 'IM') })
    expect(again.body.data.errors[0]).toEqual({ line: 2, errors: ['仪器编号“IM0000”已存在'] })
  })

  it('writes a large file slice by slice yet leaves nothing when a row near its end is bad', async () => {
    const file = rows(2600, 'LG')
    file[2550].deptSerial = '88'
    file[2590].purchaseDate = '2999-01-01'
    const refused = await api.post(`${E}/importData`, { body: file })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toBe(
      '第2552行: 使用单位“88”不存在；第2592行: 购置日期不能晚于今天。未导入任何数据',
    )
    expect((await page({ equipmentNo: 'LG' })).total).toBe(0)
    const dry = await api.post(`${E}/importData`, { query: { dryRun: 1 }, body: file })
    expect(dry.body.data.errors.map((e: { line: number }) => e.line)).toEqual([2552, 2592])

    file[2550].deptSerial = '02'
    file[2590].purchaseDate = '2024-10-12'
    const done = await api.post(`${E}/importData`, { body: file })
    expect(done.body.data).toMatchObject({ total: 2600, inserted: 2600 })
    expect((await page({ equipmentNo: 'LG' })).total).toBe(2600)
  })

  it('streams the filtered register as xlsx with labels the import reads back', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${E}/page-export`,
      query: { equipmentNo: 'IM' },
      headers: { authorization: basicAuth(), 'blade-auth': `bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toContain("UTF-8''%E4%BB%AA%E5%99%A8")
    const book = XLSX.read(res.rawPayload, { type: 'buffer' })
    const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]])
    expect(sheet).toHaveLength(299)
    expect(sheet[0]).toMatchObject({
      仪器编号: 'IM0000',
      仪器名称: '导入设备0',
      现状: '报废',
      使用方向: '教学为主',
      国别码: '美国',
      使用单位: '01',
      单位名称: '物理学院',
      '单价(元)': 1000,
      减少日期: '2025-05-05',
    })
  })
})

describe('贵重仪器使用情况 (SJ3)', () => {
  it('is kept only for class 03 items of 400,000 元 or more, with the SJ3 checks', async () => {
    await api.post(`${E}/save`, {
      body: item({ equipmentNo: 'V0000001', price: 650000, equipmentName: '透射电镜' }),
    })
    await api.post(`${E}/save`, { body: item({ equipmentNo: 'V0000002', price: 3000 }) })
    const [big] = (await page({ equipmentNo: 'V0000001' })).records
    const [small] = (await page({ equipmentNo: 'V0000002' })).records
    const U = `${E}/usage`
    const cheap = await api.post(`${U}/submit`, {
      body: { equipmentId: small.id, academicYear: '2024-2025' },
    })
    expect(cheap.body.msg).toContain('不是贵重仪器设备')
    const low = await api.post(`${U}/submit`, {
      body: { equipmentId: big.id, academicYear: '2024-2025', teachHours: 300, researchHours: 200 },
    })
    expect(low.body.msg).toBe('年使用机时不足800小时，请填写说明')
    const open = await api.post(`${U}/submit`, {
      body: {
        equipmentId: big.id,
        academicYear: '2024-2025',
        teachHours: 600,
        researchHours: 400,
        openHours: 1200,
      },
    })
    expect(open.body.msg).toBe('其中开放机时不能超过教学、科研、社会服务机时之和')
    const good = await api.post(`${U}/submit`, {
      body: {
        equipmentId: big.id,
        academicYear: '2024-2025',
        teachHours: 600,
        researchHours: 400,
        openHours: 300,
      },
    })
    expect(good.status).toBe(200)
    const twice = await api.post(`${U}/submit`, {
      body: { equipmentId: big.id, academicYear: '2024-2025', teachHours: 900 },
    })
    expect(twice.body.msg).toBe('该设备2024-2025学年的使用情况已登记')
    const list = (await api.get(`${U}/page`, { equipmentId_equal: big.id })).body.data.records
    expect(list).toEqual([expect.objectContaining({ teachHours: 600, managerName: '无', openHours: 300 })])
  })
})

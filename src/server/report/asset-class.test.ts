import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { createUser } from '../../../tests/support/fixtures'
import { addTenant } from '../base/testing'
import { upload, xlsxOf } from './testing'

let t: TestServer
let admin: string
let api: Api

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  api = t.api(admin)
})
afterAll(() => t?.close())

const list = async (query: Record<string, string> = {}, as = api) =>
  (await as.get('/api/report/assetclass/list', query)).body.data as {
    code: string
    name: string
    hasChildren: boolean
  }[]

describe('asset-class catalogue (sys_asset_class)', () => {
  it('starts with the 16 大类 and answers any signed-in user', async () => {
    const top = await list()
    expect(top.map((c) => c.code)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
    ])
    expect(top.find((c) => c.code === '03')).toMatchObject({ name: '仪器仪表', hasChildren: false })
    const student = await createUser(t.database, { account: 'ac-student', roleAlias: 'student' })
    const asStudent = t.api(await t.login(student.account, student.password))
    expect((await list({ code: '11' }, asStudent)).map((c) => c.name)).toEqual(['图书'])
  })

  it('imports an Excel catalogue by code (numeric cells padded, padded codes read as their parent), all or nothing', async () => {
    const bad = await upload(t, admin, '/api/report/assetclass/importData', {
      name: 'c.xlsx',
      bytes: xlsxOf([
        ['分类号', '分类名称'],
        ['0304', '电子测量仪器'],
        ['03045', '坏'],
        ['030405', ''],
      ]),
    })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toContain('第3行: 分类号“03045”应为2、4、6或8位数字')
    expect(bad.body.msg).toContain('第4行: 分类名称不能为空')
    expect(await list({ parentCode: '03' })).toEqual([])

    const res = await upload(t, admin, '/api/report/assetclass/importData', {
      name: 'c.xlsx',
      bytes: xlsxOf([
        ['分类号', '分类名称'],
        [3040501, '示波器'],
        ['03040000', '电子测量仪器'],
        ['030405', '时间频率测量仪器'],
        ['03', '仪器、仪表'],
      ]),
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ total: 4, inserted: 3, updated: 1 })
    expect((await list({ parentCode: '03' })).map((c) => [c.code, c.name, c.hasChildren])).toEqual([
      ['0304', '电子测量仪器', true],
    ])
    expect((await list({ parentCode: '030405' })).map((c) => c.code)).toEqual(['03040501'])
    expect((await list({ code: '03' })).find((c) => c.code === '03')?.name).toBe('仪器、仪表')
    expect((await list({ name: '示波' })).map((c) => c.code)).toEqual(['03040501'])
  })

  it('takes the workbook as JSON {file: {name, base64}} too (the 导入分类编码 dialog)', async () => {
    const as = t.api(admin)
    const base64 = xlsxOf([
      ['分类号', '分类名称'],
      ['0306', '分析仪器'],
    ]).toString('base64')
    const res = await as.post('/api/report/assetclass/importData', {
      body: { file: { name: 'c.xlsx', base64 } },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ total: 1, inserted: 1, updated: 0 })
    expect((await list({ code: '0306' })).map((c) => c.name)).toEqual(['分析仪器'])
    const none = await as.post('/api/report/assetclass/importData', { body: {} })
    expect(none.status).toBe(400)
    expect(none.body.msg).toBe('请上传导入文件')
  })

  it('is kept by the platform administrator only', async () => {
    await addTenant(t.database.db, '200021', 'Other-Admin-Pass-1')
    const other = await t.login('admin', 'Other-Admin-Pass-1', '200021')
    const res = await upload(t, other, '/api/report/assetclass/importData', {
      name: 'c.xlsx',
      bytes: xlsxOf([
        ['分类号', '分类名称'],
        ['0305', '光学仪器'],
      ]),
    })
    expect(res.status).toBe(403)
    expect(await list({ code: '0305' })).toEqual([])
  })
})

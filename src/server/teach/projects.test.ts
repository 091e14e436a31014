import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { startTestServer, basicAuth, type Api, type TestServer } from '../../../tests/support/server'
import { addSchool, type School } from './testing'
import { secondServer } from './second-server'

let t: TestServer
let s: School
let li: Api
let wang: Api

const project = (over: Record<string, unknown> = {}) => ({
  experimentName: '电路基础实验',
  experimentCategory: 1,
  experimentType: 2,
  isNetwork: 0,
  subjectCode: '0809',
  requirement: 1,
  experimenterType: 3,
  groupSize: 2,
  hours: 16,
  independentCourse: 0,
  deptSerial: '01',
  status: 1,
  ...over,
})

beforeAll(async () => {
  t = await startTestServer()
  s = await addSchool(t)
  li = t.api(s.teachers.li.token)
  wang = t.api(s.teachers.wang.token)
})
afterAll(() => t?.close())

const generate = async (api: Api, labId: string, independentCourse = 0) =>
  (
    await api.post('/api/teach/teachproject/generateExperimentNumber', {
      query: { labId, independentCourse },
    })
  ).body

/** Numbers asked for at once, half from each server. */
const NUMBERS = 200

/** A row of the 实验项目 sheet as a user fills it (labels, not codes), for lab 0101. */
const importRow = (experimentName: string, over: Record<string, unknown> = {}) => ({
  experimentName,
  experimentCategory: '基础',
  experimentType: '综合性',
  isNetwork: '否',
  subjectCode: '0809',
  requirement: '必修',
  experimenterType: '本科生',
  groupSize: 2,
  hours: 4,
  labSerial: '0101',
  independentCourse: '否',
  deptSerial: '电子信息学院',
  teacherNo: 'T001',
  status: '启用',
  ...over,
})

describe('实验项目 numbers and SJ4 fields', () => {
  it('generates lab numbers, refuses taken and reused ones, and never hands a number out twice', async () => {
    const { labId } = s
    expect((await generate(li, labId)).data).toBe('0101001')
    const first = await li.post('/api/teach/teachproject/submit', {
      body: project({ labId, experimentNumber: '0101001' }),
    })
    expect(first.body.msg).toBe('操作成功')
    const second = await generate(li, labId, 1)
    expect(second.data).toBe('0101002*')
    const refusedShape = await li.post('/api/teach/teachproject/submit', {
      body: project({
        labId,
        experimentNumber: '0101002',
        independentCourse: 1,
        experimentName: '独立设课实验',
      }),
    })
    expect(refusedShape.body.msg).toBe('实验编号只能包含字母和数字，最多12位；独立设课的实验末尾加*')
    await li.post('/api/teach/teachproject/submit', {
      body: project({
        labId,
        experimentNumber: '0101002*',
        independentCourse: 1,
        experimentName: '独立设课实验',
      }),
    })
    const taken = await li.post('/api/teach/teachproject/submit', {
      body: project({ labId, experimentNumber: '0101001', experimentName: '另一个' }),
    })
    expect(taken.status).toBe(400)
    expect(taken.body.msg).toBe('实验编号已存在')
    const longName = await li.post('/api/teach/teachproject/submit', {
      body: project({ labId, experimentNumber: '0101009', experimentName: '电'.repeat(26) }),
    })
    expect(longName.body.msg).toBe('实验名称不能超过25个汉字（50字节）')

    const mine = await li.get('/api/teach/teachproject/page', { size: 20 })
    expect(
      mine.body.data.records.map((r: { experimentNumber: string }) => r.experimentNumber).sort(),
    ).toEqual(['0101001', '0101002*'])
    expect(mine.body.data.records[0]).toMatchObject({ labName: '电子技术实验室', labSerial: '0101' })
    expect((await wang.get('/api/teach/teachproject/page', { size: 20 })).body.data.total).toBe(0)

    const independent = mine.body.data.records.find(
      (r: { experimentNumber: string }) => r.experimentNumber === '0101002*',
    )
    await li.post('/api/teach/teachproject/remove', { query: { ids: independent.id } })
    const check = await li.get('/api/teach/teachproject/checkExperimentNumber', {
      experimentNumber: '0101002',
    })
    expect(check.body).toMatchObject({ data: true, msg: '实验编号已被使用过，不能重复使用' })
    const reuse = await li.post('/api/teach/teachproject/submit', {
      body: project({ labId, experimentNumber: '0101002', experimentName: '复用' }),
    })
    expect(reuse.body.msg).toBe('实验编号已被使用过，不能重复使用')
    expect((await generate(li, labId)).data).toBe('0101003')
    expect(
      (await li.get('/api/teach/teachproject/checkExperimentNumber', { experimentNumber: '0101004' })).body,
    ).toMatchObject({
      data: false,
      msg: '操作成功',
    })
    const changed = await li.post('/api/teach/teachproject/submit', {
      body: { id: mine.body.data.records[0].id, experimentNumber: '0101005' },
    })
    expect(changed.body.msg).toBe('实验编号保存后不能修改')
  })

  it('uses two digits after a 10-character serial, and says when a lab runs out', async () => {
    expect((await generate(li, s.lab2Id)).data).toBe('020100000101')
    // A number typed by hand is skipped, with every number below it: 02 is typed, so 03 is next.
    await li.post('/api/teach/teachproject/submit', {
      body: project({ labId: s.lab2Id, experimentNumber: '020100000102', experimentName: '手工编号' }),
    })
    expect((await generate(li, s.lab2Id)).data).toBe('020100000103')
    await li.post('/api/teach/teachproject/submit', {
      body: project({ labId: s.lab2Id, experimentNumber: '020100000199', experimentName: '最后的编号' }),
    })
    // Far along: the counter at 98, and 99 typed by hand.
    await t.database.db.execute(
      sql`update teach_project_number_seq set last_value = 98 where lab_serial = '0201000001'`,
    )
    const out = await generate(li, s.lab2Id)
    expect(out.msg).toBe('该实验室的实验编号已用完，请手工输入编号')
  })

  it('hands out 200 distinct numbers from two servers at once, none again after a delete', async () => {
    const other = await secondServer(t)
    try {
      const ask = (app: typeof t.app) =>
        app.inject({
          method: 'POST',
          url: `/api/teach/teachproject/generateExperimentNumber?labId=${s.labId}`,
          headers: { authorization: basicAuth(), 'blade-auth': `bearer ${s.adminToken}` },
        })
      const answers = await Promise.all(
        Array.from({ length: NUMBERS }, (_, i) => ask(i % 2 ? other.app : t.app)),
      )
      expect(answers.filter((a) => a.statusCode !== 200)).toEqual([])
      const numbers = answers.map((a) => JSON.parse(a.body).data as string)
      expect(new Set(numbers).size).toBe(NUMBERS)
      const highest = numbers.sort().at(-1)!
      const saved = await li.post('/api/teach/teachproject/submit', {
        body: project({ labId: s.labId, experimentNumber: highest, experimentName: '最后一个' }),
      })
      expect(saved.status).toBe(200)
      const found = await li.get('/api/teach/teachproject/page', { experimentNumber: highest })
      await li.post('/api/teach/teachproject/remove', { query: { ids: found.body.data.records[0].id } })
      const next = (await generate(li, s.labId)).data as string
      expect(next > highest).toBe(true)
    } finally {
      await other.close()
    }
    // 100 requests per server interleave as well as 500 do; the shared CI machine is several times slower.
  }, 300_000)

  it('imports all or nothing, generating empty numbers in row order, and reads its own export back', async () => {
    const { admin } = s
    const row = (n: number, over: Record<string, unknown> = {}) => importRow(`导入实验${n}`, over)
    const bad = await admin.post('/api/teach/teachproject/saveImportProject', {
      body: {
        rows: [
          row(1, { experimentNumber: '0101901' }),
          row(2),
          row(3),
          row(4, { experimentNumber: '0101901' }),
          row(5, { labSerial: '9999' }),
        ],
      },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toContain('第5行：实验编号与第2行重复')
    expect(bad.body.msg).toContain('第6行：实验室编号9999不存在')
    expect(bad.body.msg).toContain('未导入任何数据')
    const before = (await admin.get('/api/teach/teachproject/page', { size: 1 })).body.data.total
    const next = (await generate(admin, s.labId)).data as string
    const good = await admin.post('/api/teach/teachproject/saveImportProject', {
      body: { rows: [row(1, { experimentNumber: '0101901' }), row(2), row(3, { independentCourse: '是' })] },
    })
    expect(good.body).toMatchObject({ success: true, data: { total: 3, generated: 2 } })
    const imported = await admin.get('/api/teach/teachproject/page', {
      experimentName: '导入实验',
      size: 10,
      ascs: 'experimentName',
    })
    const n = Number(next.slice(4))
    expect(imported.body.data.records.map((r: { experimentNumber: string }) => r.experimentNumber)).toEqual([
      '0101901',
      `0101${String(n + 1).padStart(3, '0')}`,
      `0101${String(n + 2).padStart(3, '0')}*`,
    ])
    expect(imported.body.data.records[0]).toMatchObject({
      experimentType: 3,
      experimentCategory: 1,
      teacherName: '李老师',
      deptSerial: '01',
    })

    const file = await t.app.inject({
      method: 'GET',
      url: '/api/teach/teachproject/export?experimentName=导入实验',
      headers: { authorization: basicAuth(), 'blade-auth': `bearer ${s.adminToken}` },
    })
    expect(file.headers['content-disposition']).toContain('filename*=UTF-8')
    const sheet = XLSX.read(file.rawPayload, { type: 'buffer' })
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet.Sheets[sheet.SheetNames[0]])
    expect(Object.keys(rows[0])).toEqual(
      [
        '实验编号',
        '实验名称',
        '实验类别',
        '实验类型',
        '网络实验',
        '所属学科',
        '实验要求',
        '实验者类别',
        '实验者人数',
        '每组人数',
        '实验学时',
        '实验室编号',
        '实验室名称',
        '独立设课',
        '开课院系',
        '负责教师工号',
        '状态',
      ].filter((h) => h in rows[0] || h !== '实验者人数'),
    )
    expect(rows.find((r) => r['实验编号'] === '0101901')).toMatchObject({
      实验类型: '综合性',
      实验室名称: '电子技术实验室',
      开课院系: '电子信息学院',
      状态: '启用',
    })
    // The export, as the sheet has it (labels), imports back as an update of the same projects.
    const back = rows.map((r) => ({
      experimentNumber: r['实验编号'],
      experimentName: r['实验名称'],
      experimentCategory: r['实验类别'],
      experimentType: r['实验类型'],
      isNetwork: r['网络实验'],
      subjectCode: String(r['所属学科']),
      requirement: r['实验要求'],
      experimenterType: r['实验者类别'],
      groupSize: r['每组人数'],
      hours: r['实验学时'],
      labSerial: String(r['实验室编号']),
      independentCourse: r['独立设课'],
      deptSerial: r['开课院系'],
      teacherNo: r['负责教师工号'],
      status: r['状态'],
    }))
    const again = await admin.post('/api/teach/teachproject/saveImportProject', { body: { rows: back } })
    expect(again.body.msg).toBe('导入成功：共3条，生成编号0个，更新3条')
    expect((await admin.get('/api/teach/teachproject/page', { size: 1 })).body.data.total).toBe(before + 3)
    const teacher = await li.post('/api/teach/teachproject/saveImportProject', { body: { rows: [row(9)] } })
    expect(teacher.status).toBe(403)
  })

  it('skips the numbers a file gives when it generates the empty ones', async () => {
    const { admin } = s
    const row = importRow
    const n = Number(((await generate(admin, s.labId)).data as string).slice(4))
    const number = (k: number) => `0101${String(k).padStart(3, '0')}`
    // the file names the very number the counter hands out next, on a row after an empty one
    const done = await admin.post('/api/teach/teachproject/saveImportProject', {
      body: { rows: [row('编号自动生成'), row('编号文件给定', { experimentNumber: number(n + 1) })] },
    })
    expect(done.body).toMatchObject({ success: true, data: { total: 2, generated: 1 } })
    const found = await admin.get('/api/teach/teachproject/page', { experimentName: '编号', size: 10 })
    const byName = Object.fromEntries(
      found.body.data.records.map((r: { experimentName: string; experimentNumber: string }) => [
        r.experimentName,
        r.experimentNumber,
      ]),
    )
    expect(byName['编号文件给定']).toBe(number(n + 1))
    // past the numbers in use (the counter jumps beyond the highest one once it meets a used one)
    expect(byName['编号自动生成']).toMatch(/^0101\d{3}$/)
    expect(Number(byName['编号自动生成'].slice(4))).toBeGreaterThan(n + 1)
  })

  it('shows guests the tenant’s enabled projects without their texts', async () => {
    const none = await t.api().get('/api/teach/teachproject/noAuthPage', {})
    expect(none.body.msg).toBe('请指定租户')
    const { admin } = s
    const first = (await admin.get('/api/teach/teachproject/page', { experimentName: '导入实验1' })).body.data
      .records[0]
    await admin.post('/api/teach/teachproject/submit', { body: { id: first.id, status: 0, purpose: '目的' } })
    const guest = await t.api().post('/api/teach/teachproject/noAuthPage', {})
    expect(guest.status).toBe(404)
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/teach/teachproject/noAuthPage?size=100',
      headers: { 'tenant-id': '000000' },
    })
    const records = JSON.parse(open.body).data.records as Record<string, unknown>[]
    expect(records.length).toBeGreaterThan(0)
    expect(records.some((r) => r.id === first.id)).toBe(false)
    expect(records.every((r) => !('purpose' in r) && !('content' in r) && !('createUser' in r))).toBe(true)
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/teach/teachproject/noAuthPage',
      headers: { 'tenant-id': '200999' },
    })
    expect(JSON.parse(other.body).success).toBe(false)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { reportSchool } from './testing'

let t: TestServer
let office: Api
let college1: Api

beforeAll(async () => {
  t = await startTestServer()
  const school = await reportSchool(t)
  office = t.api(school.office)
  college1 = t.api(school.staff['01'])
})
afterAll(() => t?.close())

const task = {
  taskName: '2024-2025学年高等学校实验室信息统计',
  academicYear: '2024-2025',
  schoolCode: '10512',
  schoolType: 1,
  collegeSerialNums: '01,02,03',
}

describe('report tasks', () => {
  it('saves a 草稿 with derived number, month, tables and audit flow; refuses bad input and a second task of the year', async () => {
    for (const [body, msg] of [
      [{ ...task, taskName: '' }, '请输入任务名称'],
      [{ ...task, academicYear: '2024-2026' }, '学年格式应为2024-2025'],
      [{ ...task, schoolCode: '1051' }, '学校代码应为5位数字'],
      [{ ...task, collegeSerialNums: '' }, '请选择填报单位'],
      [{ ...task, collegeSerialNums: '01,99' }, '院系号99不存在'],
      [{ ...task, settings: { layouts: { sj3: [] } } }, 'SJ3的字段数应为25'],
      [{ ...task, processDefinitionId: 'leave:1:1' }, '审核流程不存在，请选择统计报表审核流程'],
    ] as const) {
      const res = await office.post('/api/report/task/save', { body })
      expect(res.status, msg).toBe(400)
      expect(res.body.msg).toBe(msg)
    }
    const res = await office.post('/api/report/task/save', { body: task })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      taskSerialNum: 'RW2024',
      statEndMonth: '202508',
      tableCodes: 'sj1,sj2,sj3,sj4,sj5,sj6,sj7',
      status: 0,
    })
    expect(res.body.data.processDefinitionId).toMatch(/^reportAudit:/)
    expect(res.body.data.settings.sj1MinPrice).toBe(800)
    const again = await office.post('/api/report/task/save', { body: task })
    expect(again.body.msg).toBe('该学年已有报表任务')
    const page = await office.get('/api/report/task/page', { academicYear: '2024-2025' })
    expect(page.body.data.total).toBe(1)
  })

  it('下发 creates 21 submissions 未填报 and shows them in the matrix; only once', async () => {
    const { id } = (await office.get('/api/report/task/page', { academicYear: '2024-2025' })).body.data
      .records[0]
    const res = await office.post('/api/report/task/submit', { body: { id } })
    expect(res.body.data).toEqual({ submissions: 21 })
    expect((await office.post('/api/report/task/submit', { body: { id } })).body.msg).toBe('报表任务已下发')
    const matrix = (await office.get('/api/report/task/reporttable', { taskSerialNum: 'RW2024' })).body.data
    expect(matrix.task.status).toBe(1)
    expect(matrix.colleges.map((c: { collegeName: string }) => c.collegeName)).toEqual([
      '计算机与信息工程学院',
      '机械与电气工程学院',
      '化学与材料学院',
    ])
    const cells = matrix.colleges.flatMap((c: { cells: Record<string, { status: number }> }) =>
      Object.values(c.cells),
    )
    expect(cells).toHaveLength(21)
    expect(cells.every((c: { status: number }) => c.status === 0)).toBe(true)
  })

  it('after issue changes only name, deadline, remark, colleges and settings', async () => {
    const { id } = (await office.get('/api/report/task/page', { academicYear: '2024-2025' })).body.data
      .records[0]
    const frozen = await office.post('/api/report/task/update', { body: { id, schoolCode: '10000' } })
    expect(frozen.body.msg).toBe('报表任务已下发，只能修改任务名称、截止日期、备注、填报单位和口径与格式')
    const ok = await office.post('/api/report/task/update', {
      body: { id, taskName: '改名', deadline: '2025-10-15', collegeSerialNums: '01,02' },
    })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({
      taskName: '改名',
      deadline: '2025-10-15',
      collegeSerialNums: '01,02',
    })
    const matrix = (await office.get('/api/report/task/reporttable', { taskSerialNum: 'RW2024' })).body.data
    expect(matrix.colleges).toHaveLength(2)
    await office.post('/api/report/task/update', { body: { id, collegeSerialNums: '01,02,03' } })
    const back = (await office.get('/api/report/task/reporttable', { taskSerialNum: 'RW2024' })).body.data
    expect(back.colleges.map((c: { collegeSerialNum: string }) => c.collegeSerialNum)).toEqual([
      '01',
      '02',
      '03',
    ])
  })

  it('a college user sees their own scopes only; the office all', async () => {
    const mine = (await college1.get('/api/report/task/getReportApplyData', { academicYear: '2024-2025' }))
      .body.data
    expect(mine.callerCollege).toBe('01')
    expect(mine.colleges).toEqual([{ collegeSerialNum: '01', collegeName: '计算机与信息工程学院' }])
    expect(mine.scopes).toHaveLength(7)
    const all = (await office.get('/api/report/task/getReportApplyData', {})).body.data
    expect(all.callerCollege).toBeNull()
    expect(all.task.taskSerialNum).toBe('RW2024')
    expect(all.scopes).toHaveLength(21)
    const six = (await office.get('/api/report/sj6/getReportApplyData', { taskSerialNum: 'RW2024' })).body
      .data
    expect(six.scopes.every((s: { tableCode: string }) => s.tableCode === 'sj6')).toBe(true)
  })

  it('a new year copies the latest earlier settings; a 高职 task covers SJ1, SJ2, SJ3 and SJ7', async () => {
    const { id, settings } = (await office.get('/api/report/task/page', { academicYear: '2024-2025' })).body
      .data.records[0]
    await office.post('/api/report/task/update', {
      body: { id, settings: { ...settings, sj1MinPrice: 1000 } },
    })
    const next = await office.post('/api/report/task/save', {
      body: { ...task, academicYear: '2025-2026', schoolType: 2 },
    })
    expect(next.body.data.settings.sj1MinPrice).toBe(1000)
    expect(next.body.data.tableCodes).toBe('sj1,sj2,sj3,sj7')
    const removed = await office.post('/api/report/task/remove', { query: { ids: next.body.data.id } })
    expect(removed.status).toBe(200)
  })
})

/**
 * The year of one college's SJ1, through the server: issue, import a GBK TXT, check, fix, export,
 * submit, return, re-submit, approve; isolation between colleges; history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { defaultLayout } from '../../shared/resources/report/settings'
import { download, issueReportTask, reportSchool, upload } from './testing'
import { downloadRunnerOf } from '../download/runner'
import { encodeRecords, recordWriter } from './txt/format'

let t: TestServer
let school: Awaited<ReturnType<typeof reportSchool>>
let office: Api
let c1: Api
let c2: Api

const CUT = new Set(['equipmentName', 'model', 'specification', 'unitName'])
const write = recordWriter(defaultLayout('sj1'), CUT)

function sj1Row(i: number, more: Record<string, unknown> = {}) {
  return {
    schoolCode: '10512',
    equipmentNo: `2023${String(i).padStart(4, '0')}`,
    classCode: '03040501',
    equipmentName: i % 3 ? '数字示波器' : '高效液相色谱仪（含自动进样器）',
    model: i % 5 ? `DSO-${i}` : '*',
    specification: '*',
    sourceCode: '1',
    countryCode: i % 2 ? '156' : '840',
    unitPrice: i === 7 ? '450000.00' : `${1000 + i}.00`,
    purchaseMonth: '202309',
    statusCode: '1',
    useDirection: i % 4 ? '1' : '2',
    unitCode: '0101',
    unitName: '计算机与信息工程学院',
    ...more,
  }
}

const fileOf = (rows: Record<string, unknown>[]) =>
  encodeRecords(rows.map((r) => (write(r) as { text: string }).text))

const rows = Array.from({ length: 40 }, (_, i) => sj1Row(i + 1))
rows[16] = sj1Row(17, { unitPrice: '500.00' })
rows[29] = sj1Row(30, { equipmentNo: '20230003' })
const file = fileOf(rows)

beforeAll(async () => {
  t = await startTestServer()
  school = await reportSchool(t)
  office = t.api(school.office)
  c1 = t.api(school.staff['01'])
  c2 = t.api(school.staff['02'])
  await issueReportTask(office)
})
afterAll(() => t?.close())

const scope = { taskSerialNum: 'RW2024', collegeSerialNum: '01' }

describe('SJ1 of a college through the year', () => {
  it('the dry run of a GBK TXT lists no blocking finding and the rule findings; the commit fills the scope', async () => {
    const dry = await upload(
      t,
      school.staff['01'],
      '/api/report/sj1/importData',
      { name: 'SJ110512.txt', bytes: file },
      {
        mode: 'replace',
        dryRun: 'true',
        taskSerialNum: 'RW2024',
      },
    )
    expect(dry.body.msg).toBe('预检完成')
    expect(dry.body.data).toMatchObject({ dryRun: true, total: 40, blocking: 0, imported: 0 })
    const ids = dry.body.data.check.items.map((i: { ruleId: string }) => i.ruleId)
    expect(ids).toContain('SJ1-01')
    expect(ids.filter((x: string) => x === 'SJ1-05')).toHaveLength(2)
    expect((await c1.get('/api/report/sj1/page', scope)).body.data.total).toBe(0)

    const done = await upload(
      t,
      school.staff['01'],
      '/api/report/sj1/importData',
      { name: 'SJ110512.txt', bytes: file },
      {
        mode: 'replace',
        taskSerialNum: 'RW2024',
      },
    )
    expect(done.body.data.imported).toBe(40)
    // the screens send the picked file as base64 in JSON: the same parse, the same rule findings
    const viaJson = await c1.post('/api/report/sj1/importData', {
      body: {
        ...scope,
        dryRun: true,
        file: { name: 'SJ110512.txt', base64: file.toString('base64') },
      },
    })
    expect(viaJson.body.data).toMatchObject({ total: 40, blocking: 0, check: dry.body.data.check })
    const page = (await c1.get('/api/report/sj1/page', { ...scope, size: 50 })).body.data
    expect(page.total).toBe(40)
    expect(page.records[2].equipmentName).toBe('高效液相色谱仪（含自动进样器）')
    const apply = (await c1.get('/api/report/sj1/getApplyData', scope)).body.data
    expect(apply.submission).toMatchObject({ status: 1, rowCount: 40 })
  })

  it('校验 names the rule, row and field; 只看有问题的行 shows them; fixed rows pass', async () => {
    const check = (await c1.get('/api/report/sj1/checkData', scope)).body.data
    expect(check.passed).toBe(false)
    const low = check.items.find((i: { ruleId: string }) => i.ruleId === 'SJ1-01')
    expect(low).toMatchObject({ rowNo: 17, field: 'unitPrice', fieldLabel: '单价', value: '500.00' })
    expect(low.message).toBe('单价500.00元低于800元，不属于SJ1统计范围')
    const dup = check.items.find(
      (i: { ruleId: string; rowNo: number }) => i.ruleId === 'SJ1-05' && i.rowNo === 30,
    )
    expect(dup.message).toBe('仪器编号20230003重复（计算机与信息工程学院第3行）')
    const problems = (await c1.get('/api/report/sj1/page', { ...scope, checkLevel: 'problem' })).body.data
    expect(problems.records.map((r: { rowNo: number }) => r.rowNo)).toEqual([3, 17, 30])
    expect(problems.records[1].checkMessages[0]).toContain('低于800元')

    const row17 = problems.records[1]
    const row30 = problems.records[2]
    const fix1 = await c1.post('/api/report/sj1/update', { body: { ...row17, unitPrice: '1800.00' } })
    expect(fix1.status).toBe(200)
    await c1.post('/api/report/sj1/update', { body: { ...row30, equipmentNo: '20230030' } })
    const again = (await c1.get('/api/report/sj1/checkData', scope)).body.data
    expect(again).toMatchObject({ passed: true, errors: 0 })
    // without the asset-class catalogue, the notice is titled by its sentence, not its id again
    expect(again.byRule.find((r: { ruleId: string }) => r.ruleId === 'I-11')?.title).toBe(
      '未导入分类编码，未校验分类号是否存在（只核对了大类）',
    )
  })

  it('导出TXT equals the imported file but for the two fixed rows', async () => {
    const res = await download(t, school.staff['01'], '/api/report/sj1/exportTxt', scope)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=GBK')
    expect(String(res.headers['content-disposition'])).toContain('SJ110512.txt')
    const fixed = [...rows]
    fixed[16] = { ...rows[16], unitPrice: '1800.00' }
    fixed[29] = { ...rows[29], equipmentNo: '20230030' }
    expect(res.bytes.equals(fileOf(fixed))).toBe(true)
  })

  it('导出TXT with asyncTask=true is made by 下载中心 and downloads the same bytes for its owner only', async () => {
    const direct = await download(t, school.staff['01'], '/api/report/sj1/exportTxt', scope)
    const queued = await t
      .api(school.staff['01'])
      .get('/api/report/sj1/exportTxt', { ...scope, asyncTask: true })
    expect(queued.status, JSON.stringify(queued.body)).toBe(200)
    expect(queued.body.msg).toBe('导出任务已提交，请到下载中心查看')
    expect(queued.body.data).toMatchObject({ status: 0, bizId: expect.stringMatching(/^report:sj1:txt:/) })
    await downloadRunnerOf(t.app)!.runQueued()
    const task = (
      await t
        .api(school.staff['01'])
        .get('/api/biz-download/bizdownloadtask/detail', { id: queued.body.data.id })
    ).body.data
    expect(task).toMatchObject({ statusName: '已完成', progress: 100, fileName: 'SJ110512.txt' })
    const file = await download(
      t,
      school.staff['01'],
      `/api/biz-download/bizdownloadtask/download/${queued.body.data.id}`,
    )
    expect(file.bytes.equals(direct.bytes)).toBe(true)
    const other = await t
      .api(school.staff['02'])
      .get(`/api/biz-download/bizdownloadtask/download/${queued.body.data.id}`)
    expect(other.body.msg).toBe('数据不存在或无权访问')
  })

  it('提交 with errors is refused with their count; after fixing, 待审核 locks the rows', async () => {
    const added = await c1.post('/api/report/sj1/save', {
      body: { ...scope, ...sj1Row(41, { unitPrice: '100.00' }) },
    })
    expect(added.status).toBe(200)
    const refused = await c1.post('/api/report/sj1/submit', { body: scope })
    expect(refused.body.msg).toBe('校验未通过：错误1条，请修正后再提交')
    await c1.post('/api/report/sj1/remove', { query: { ids: added.body.data.id } })
    const ok = await c1.post('/api/report/sj1/submit', { body: { ...scope, remark: '按设备处数据填报' } })
    expect(ok.status).toBe(200)
    expect(ok.body.data.status).toBe(2)
    const any = (await c1.get('/api/report/sj1/page', scope)).body.data.records[0]
    const locked = await c1.post('/api/report/sj1/update', { body: { ...any, model: 'X' } })
    expect(locked.body.msg).toBe('该学院的SJ1已提交审核，不能修改')
    const imp = await upload(
      t,
      school.staff['01'],
      '/api/report/sj1/importData',
      { name: 'a.txt', bytes: file },
      { taskSerialNum: 'RW2024' },
    )
    expect(imp.body.msg).toBe('该学院的SJ1已提交审核，不能修改')
  })

  it('another college sees none of these rows and cannot audit its own', async () => {
    expect((await c2.get('/api/report/sj1/page', { taskSerialNum: 'RW2024' })).body.data.total).toBe(0)
    expect((await c2.get('/api/report/sj1/page', scope)).body.msg).toBe('不能查看或填报其他学院的报表')
    const any = (await c1.get('/api/report/sj1/page', scope)).body.data.records[0]
    expect((await c2.get('/api/report/sj1/detail', { id: any.id })).status).toBe(400)
    const own = (await c1.get('/api/report/sj1/audit-page', { auditStatus: 'all' })).body.data.records[0]
    expect(own).toBeTruthy()
    const todo = (await c1.get('/api/report/sj1/audit-page', { auditStatus: 'todo' })).body.data
    expect(todo.total).toBe(0)
  })

  it('the office returns it with a reason; the college fixes and re-submits; the office approves', async () => {
    const counts = (await office.get('/api/report/task/report-audit', { taskSerialNum: 'RW2024' })).body.data
    expect(counts.find((c: { tableCode: string }) => c.tableCode === 'sj1')).toMatchObject({
      todo: 1,
      submitted: 1,
    })
    const [row] = (await office.get('/api/report/sj1/audit-page', { auditStatus: 'todo' })).body.data.records
    expect(row.flowTaskId).toBeTruthy()
    const data = (await office.get('/api/report/sj1/get-audit-data', { submissionId: row.id })).body.data
    expect(data.summary).toMatchObject({ rows: 40 })
    expect(data.check.passed).toBe(true)
    expect(data.rows.total).toBe(40)
    const noReason = await office.post('/api/report/sj1/complete-task', {
      body: { taskId: row.flowTaskId, pass: false },
    })
    expect(noReason.body.msg).toBe('请填写退回原因')
    const back = await office.post('/api/report/sj1/complete-task', {
      body: { taskId: row.flowTaskId, pass: false, comment: '第5行型号请核实' },
    })
    expect(back.body.data.status).toBe(3)
    const apply = (await c1.get('/api/report/sj1/getApplyData', scope)).body.data
    expect(apply.submission).toMatchObject({ status: 3, auditComment: '第5行型号请核实' })
    const comments = (
      await c1.get('/api/report/sj6/flow-comment', { instanceId: apply.submission.processInstanceId })
    ).body.data
    expect(comments.at(-1)).toMatchObject({ pass: false, comment: '第5行型号请核实' })

    const fifth = (await c1.get('/api/report/sj1/page', { ...scope, size: 10 })).body.data.records[4]
    expect(
      (await c1.post('/api/report/sj1/update', { body: { ...fifth, model: 'DSO-X 3024T' } })).status,
    ).toBe(200)
    const again = await c1.post('/api/report/sj1/submit', { body: scope })
    expect(again.body.data).toMatchObject({ status: 2, resubmitted: true })
    const [next] = (await office.get('/api/report/sj1/audit-page', { auditStatus: 'todo' })).body.data.records
    const pass = await office.post('/api/report/sj1/complete-task', {
      body: { taskId: next.flowTaskId, pass: true, comment: '同意' },
    })
    expect(pass.body.data.status).toBe(4)
    const matrix = (await office.get('/api/report/task/reporttable', { taskSerialNum: 'RW2024' })).body.data
    expect(matrix.colleges[0].cells.sj1.status).toBe(4)
    const row0 = (await c1.get('/api/report/sj1/page', scope)).body.data.records[0]
    expect((await c1.post('/api/report/sj1/remove', { query: { ids: row0.id } })).body.msg).toBe(
      '该学院的SJ1已审核通过，不能修改',
    )
  })

  it('the submitter cannot audit their own submission', async () => {
    await office.post('/api/report/sj2/save', {
      body: {
        ...scope,
        collegeSerialNum: '02',
        ...Object.fromEntries(
          [
            'lastCount',
            'lastAmount',
            'lastBigCount',
            'lastBigAmount',
            'addCount',
            'addAmount',
            'reduceCount',
            'reduceAmount',
            'endCount',
            'endAmount',
            'endBigCount',
            'endBigAmount',
          ].map((k) => [k, 0]),
        ),
      },
    })
    const sent = await office.post('/api/report/sj2/submit', { body: { ...scope, collegeSerialNum: '02' } })
    expect(sent.body.data.status).toBe(2)
    const [row] = (await office.get('/api/report/sj2/audit-page', { auditStatus: 'all' })).body.data.records
    expect(row.flowTaskId).toBeNull()
  })

  it('summary-select sums per college and for the school', async () => {
    const s = (await office.get('/api/report/sj1/summary-select', { taskSerialNum: 'RW2024' })).body.data
    expect(s.colleges[0]).toMatchObject({ collegeSerialNum: '01', status: 4, rowCount: 40 })
    expect(s.colleges[0].figures.rows).toBe(40)
    expect(s.total.rows).toBe(40)
    const hist = (await office.get('/api/report/task/historyreporttable', {})).body.data
    expect(hist.records[0].counts.sj1).toMatchObject({ colleges: 3, approved: 1, rows: 40 })
  })
})

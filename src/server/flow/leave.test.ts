import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { addDept, addUser, PEOPLE_PASSWORD } from './testing/people'

/** A teacher's leave: rejected by the department head, edited and re-submitted, approved twice. */
describe('leave process over HTTP', () => {
  let t: TestServer
  const token: Record<string, string> = {}
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    t = await startTestServer()
    const db = t.database.db
    const college = await addDept(db, '计算机学院')
    const major = await addDept(db, '软件工程系', college)
    ids.teacher = (await addUser(db, 'zhang', '张老师', ['teacher'], major.id)).id
    ids.head = (await addUser(db, 'li', '李主任', ['teacher', 'deptLeader'], major.id)).id
    ids.final = (await addUser(db, 'wang', '王院长', ['administrator'], college.id)).id
    await addUser(db, 'zhou', '周老师', ['teacher'], major.id)
    for (const account of ['zhang', 'li', 'wang', 'zhou'])
      token[account] = await t.login(account, PEOPLE_PASSWORD)
    token.admin = await t.login()
  })
  afterAll(() => t?.close())

  const todo = async (who: string) =>
    (await t.api(token[who]).get('/api/blade-flow/work/todo-list', { current: 1, size: 20 })).body.data
  const claimable = async (who: string) =>
    (await t.api(token[who]).get('/api/blade-flow/work/claim-list', { current: 1, size: 20 })).body.data
  const complete = (who: string, taskId: string, pass: boolean, comment: string) =>
    t
      .api(token[who])
      .post('/api/blade-flow/work/complete-task', { body: { taskId, pass, comment, flag: 'ok' } })
  const leave = async (businessId: string) =>
    (await t.api(token.zhang).get('/api/blade-desk/process/leave/detail', { businessId })).body.data

  it('runs apply → reject → edit and re-submit → approve → final approve, with the right lists at each step', async () => {
    const definitions = await t
      .api(token.zhang)
      .get('/api/blade-flow/manager/list', { current: 1, size: 10000 })
    expect(definitions.status).toBe(200)
    const leaveDefinition = definitions.body.data.records.find((d: { key: string }) => d.key === 'leave')
    expect(leaveDefinition).toBeTruthy()

    // The teacher applies.
    const started = await t.api(token.zhang).post('/api/blade-desk/process/leave/start-process', {
      body: {
        processDefinitionId: leaveDefinition.id,
        startTime: '2026-12-01 08:00:00',
        endTime: '2026-12-03 18:00:00',
        reason: '家中有事',
      },
    })
    expect(started.status).toBe(200)
    const { businessId, processInstanceId } = started.body.data
    expect((await leave(businessId)).flowStatus).toBe(1)

    // 流程图: the applicant sees the instance's diagram (a PNG); a colleague not in it does not.
    const picture = await t
      .api(token.zhang)
      .get('/api/blade-flow/process/diagram-view', { processInstanceId })
    expect(picture.status).toBe(200)
    expect(picture.headers['content-type']).toBe('image/png')
    expect(String(picture.body).slice(1, 4)).toBe('PNG')
    expect(
      (await t.api(token.zhou).get('/api/blade-flow/process/diagram-view', { processInstanceId })).status,
    ).toBe(400)
    const definitionXml = await t.api(token.zhang).get('/api/blade-flow/process/resource-view', {
      processDefinitionId: leaveDefinition.id,
      resourceType: 'xml',
    })
    expect(definitionXml.headers['content-type']).toContain('application/xml')

    const sent = (await t.api(token.zhang).get('/api/blade-flow/work/send-list', { current: 1, size: 10 }))
      .body.data
    expect(sent.records).toHaveLength(1)
    expect(sent.records[0]).toMatchObject({
      processInstanceId,
      processIsFinished: 'unfinished',
      taskName: '部门负责人审批',
    })

    // Only the department head has it to do; nobody else sees it.
    let headTodo = await todo('li')
    expect(headTodo.total).toBe(1)
    expect(headTodo.records[0]).toMatchObject({
      taskName: '部门负责人审批',
      processDefinitionKey: 'leave',
      processDefinitionName: '请假流程',
      processInstanceId,
      businessId,
      businessTable: 'blade_process_leave',
      startUser: '张老师',
      category: 'flow_1',
    })
    expect((await todo('zhang')).total).toBe(0)
    expect((await todo('wang')).total).toBe(0)
    expect((await claimable('wang')).total).toBe(0)

    // The head rejects with a comment: it goes back to the teacher.
    const rejected = await complete('li', headTodo.records[0].taskId, false, '请写明请假事由和工作安排')
    expect(rejected.status).toBe(200)
    expect((await todo('li')).total).toBe(0)
    const teacherTodo = await todo('zhang')
    expect(teacherTodo.records.map((r: { taskName: string }) => r.taskName)).toEqual(['调整申请'])
    const returned = await leave(businessId)
    expect(returned.flowStatus).toBe(2)
    // Its detail says who has it now (BladeX FlowEntity.flow).
    expect(returned.flow).toMatchObject({
      taskName: '调整申请',
      assigneeName: '张老师',
      processIsFinished: 'unfinished',
    })

    // Nobody but the teacher may edit it, and not while it is in approval.
    const early = await t.api(token.li).post('/api/blade-desk/process/leave/start-process', {
      body: { id: businessId, startTime: '2026-12-01 08:00:00', endTime: '2026-12-02 18:00:00', reason: 'x' },
    })
    expect(early.status).toBe(400)

    // The teacher edits and re-submits.
    const resubmitted = await t.api(token.zhang).post('/api/blade-desk/process/leave/start-process', {
      body: {
        id: businessId,
        startTime: '2026-12-01 08:00:00',
        endTime: '2026-12-02 18:00:00',
        reason: '家中老人住院，需陪护两天；课程已与刘老师调换',
      },
    })
    expect(resubmitted.status).toBe(200)
    expect(resubmitted.body.data).toMatchObject({ processInstanceId, resubmitted: true })
    const edited = await leave(businessId)
    expect(edited).toMatchObject({ flowStatus: 1, reason: '家中老人住院，需陪护两天；课程已与刘老师调换' })
    expect((await todo('zhang')).total).toBe(0)

    // The head approves; the final step waits for any administrator to claim it.
    headTodo = await todo('li')
    expect(headTodo.total).toBe(1)
    expect((await complete('li', headTodo.records[0].taskId, true, '同意')).status).toBe(200)
    expect((await todo('wang')).total).toBe(0)
    const toClaim = await claimable('wang')
    expect(toClaim.records.map((r: { taskName: string }) => r.taskName)).toEqual(['终审'])
    expect((await claimable('zhang')).total).toBe(0)

    // Completing someone else's task is refused.
    const intruder = await complete('zhang', toClaim.records[0].taskId, true, '')
    expect(intruder.status).toBe(400)

    const claim = await t
      .api(token.wang)
      .post('/api/blade-flow/work/claim-task', { query: { taskId: toClaim.records[0].taskId } })
    expect(claim.status).toBe(200)
    expect((await claimable('admin')).total).toBe(0)
    expect((await todo('wang')).records[0]).toMatchObject({ taskName: '终审', assigneeName: '王院长' })

    expect((await complete('wang', toClaim.records[0].taskId, true, '准假')).status).toBe(200)
    expect((await todo('wang')).total).toBe(0)
    expect((await leave(businessId)).flowStatus).toBe(3)

    const doneList = (
      await t.api(token.zhang).get('/api/blade-flow/work/done-list', { current: 1, size: 10 })
    ).body.data
    expect(doneList.records[0]).toMatchObject({ processInstanceId, processIsFinished: 'finished' })
    const headDone = (await t.api(token.li).get('/api/blade-flow/work/done-list', { current: 1, size: 10 }))
      .body.data
    expect(headDone.total).toBe(1)

    // The history shows every step, who did it and what they said.
    const history = await t
      .api(token.zhang)
      .get('/api/blade-flow/process/history-flow-list', { processInstanceId })
    expect(history.status).toBe(200)
    const steps = history.body.data.map((s: Record<string, unknown>) => [
      s.historyActivityName,
      s.assigneeName,
      s.comment,
    ])
    expect(steps).toEqual([
      ['开始', '张老师', '发起流程'],
      ['部门负责人审批', '李主任', '请写明请假事由和工作安排'],
      ['调整申请', '张老师', '重新提交'],
      ['部门负责人审批', '李主任', '同意'],
      ['终审', '王院长', '准假'],
      ['结束（通过）', '', ''],
    ])
    // A colleague with no part in it sees neither the steps nor the request.
    const outsider = t.api(token.zhou)
    expect(
      (await outsider.get('/api/blade-flow/process/history-flow-list', { processInstanceId })).status,
    ).toBe(400)
    expect((await outsider.get('/api/blade-desk/process/leave/detail', { businessId })).status).toBe(400)
    expect((await t.api(token.li).get('/api/blade-desk/process/leave/detail', { businessId })).status).toBe(
      200,
    )
    for (const s of history.body.data) {
      expect(s.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
      expect(s.endTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    }
  })

  it('refuses a leave request with missing or inconsistent fields, and stores nothing', async () => {
    const before = (await t.api(token.zhang).get('/api/blade-flow/work/send-list', { current: 1, size: 10 }))
      .body.data.total
    const bad = await t.api(token.zhang).post('/api/blade-desk/process/leave/start-process', {
      body: { startTime: '2026-12-03 08:00:00', endTime: '2026-12-01 08:00:00', reason: '出差' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe('结束时间必须晚于开始时间')
    const noReason = await t.api(token.zhang).post('/api/blade-desk/process/leave/start-process', {
      body: { startTime: '2026-12-01 08:00:00', endTime: '2026-12-02 08:00:00', reason: ' ' },
    })
    expect(noReason.body.msg).toBe('请输入请假理由')
    expect(
      (await t.api(token.zhang).get('/api/blade-flow/work/send-list', { current: 1, size: 10 })).body.data
        .total,
    ).toBe(before)
  })
})

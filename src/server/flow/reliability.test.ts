import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basicAuth, startTestServer, type TestServer } from '../../../tests/support/server'
import { addDept, addUser, PEOPLE_PASSWORD } from './testing/people'
import { multipartBody } from './testing/multipart'
import { approvalFlowXml } from './definitions/approval-flow'
import { startForRecord } from './business'

describe('workflow reliability over HTTP', () => {
  let t: TestServer
  const token: Record<string, string> = {}

  beforeAll(async () => {
    t = await startTestServer()
    const db = t.database.db
    const college = await addDept(db, '物理学院')
    await addUser(db, 'chen', '陈老师', ['teacher'], college.id)
    await addUser(db, 'zhao', '赵主任', ['staff'], college.id)
    await addUser(db, 'sun', '孙主任', ['staff'], college.id)
    for (const account of ['chen', 'zhao', 'sun']) token[account] = await t.login(account, PEOPLE_PASSWORD)
    token.admin = await t.login()
  })
  afterAll(() => t?.close())

  const upload = (fields: Record<string, string>, files: { name: string; content: string }[]) => {
    const { payload, contentType } = multipartBody(
      fields,
      files.map((f) => ({ field: 'files', ...f })),
    )
    return t.app.inject({
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      payload,
      headers: {
        'content-type': contentType,
        authorization: basicAuth(),
        'blade-auth': `bearer ${token.admin}`,
      },
    })
  }
  const definitions = async () =>
    (await t.api(token.admin).get('/api/blade-flow/manager/list', { current: 1, size: 10000 })).body.data

  const labFlow = (key: string) =>
    approvalFlowXml({
      key,
      name: '实验耗材申领',
      category: 'flow_2',
      route: 'labAppointment',
      steps: [{ id: 'staff_audit', name: '管理员审核', candidateGroups: 'staff' }],
    })

  it('deploys an uploaded BPMN file, and refuses a malformed one with a clear message, changing nothing', async () => {
    const before = await definitions()
    const good = await upload({ category: 'flow_2', tenantIds: '000000' }, [
      { name: 'consumables.bpmn', content: labFlow('consumables') },
    ])
    expect(good.statusCode).toBe(200)
    const after = await definitions()
    expect(after.total).toBe(before.total + 1)
    expect(after.records.find((d: { key: string }) => d.key === 'consumables')).toMatchObject({
      version: 1,
      category: 'flow_2',
      suspensionState: 1,
    })

    // One broken file spoils the whole upload: neither file is deployed.
    const broken = await upload({ category: 'flow_2', tenantIds: '000000' }, [
      { name: 'consumables.bpmn', content: labFlow('consumables') },
      {
        name: 'broken.bpmn',
        content:
          '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="x" isExecutable="true">',
      },
    ])
    expect(broken.statusCode).toBe(400)
    const msg = JSON.parse(broken.body).msg as string
    expect(msg).toContain('流程文件 broken.bpmn 无效')
    const notBpmn = await upload({ category: 'flow_2' }, [
      { name: 'empty.bpmn', content: '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"/>' },
    ])
    expect(notBpmn.statusCode).toBe(400)
    expect(JSON.parse(notBpmn.body).msg).toBe(
      '流程文件 empty.bpmn 无效：必须且只能包含一个可执行的流程 (process)',
    )
    const final = await definitions()
    expect(final.total).toBe(after.total)
    expect(final.records.filter((d: { key: string }) => d.key === 'consumables')).toHaveLength(1)
  })

  it('lets exactly one of two users claim the same task at the same moment', async () => {
    const started = await t.api(token.chen).post('/api/blade-desk/process/leave/submit', {
      body: { startTime: '2026-12-10 08:00', endTime: '2026-12-10 18:00', reason: '体检' },
    })
    // chen's department has no head on record and no approver was picked: refused, nothing stored.
    expect(started.status).toBe(400)
    expect(started.body.msg).toContain('找不到办理人')
    expect((await t.api(token.chen).get('/api/blade-flow/work/send-list')).body.data.total).toBe(0)

    const deployed = await definitions()
    const consumables = deployed.records.find((d: { key: string }) => d.key === 'consumables')
    expect(consumables).toBeTruthy()
    // Start the uploaded flow through the engine's business hook, as a business module would.
    const chen = await t.database.db.query.user.findFirst({ where: (u, { eq }) => eq(u.account, 'chen') })
    const instance = await startForRecord({
      db: t.database.db,
      user: {
        userId: chen!.id,
        tenantId: '000000',
        realName: '陈老师',
        roleAliases: ['teacher'],
        deptIds: [chen!.deptId!],
      },
      processKey: 'consumables',
      businessTable: 'lab_consumables',
      businessId: '42',
    })
    expect(instance.resubmitted).toBe(false)

    const claimList = (await t.api(token.zhao).get('/api/blade-flow/work/claim-list')).body.data
    expect(claimList.total).toBe(1)
    const taskId = claimList.records[0].taskId
    expect((await t.api(token.sun).get('/api/blade-flow/work/claim-list')).body.data.total).toBe(1)

    const [a, b] = await Promise.all([
      t.api(token.zhao).post('/api/blade-flow/work/claim-task', { query: { taskId } }),
      t.api(token.sun).post('/api/blade-flow/work/claim-task', { query: { taskId } }),
    ])
    const statuses = [a.status, b.status].sort()
    expect(statuses).toEqual([200, 400])
    const loser = a.status === 400 ? a : b
    expect(loser.body.msg).toBe('任务已被他人签收')
    const winner = a.status === 200 ? 'zhao' : 'sun'
    const other = winner === 'zhao' ? 'sun' : 'zhao'
    expect((await t.api(token[winner]).get('/api/blade-flow/work/todo-list')).body.data.total).toBe(1)
    expect((await t.api(token[other]).get('/api/blade-flow/work/todo-list')).body.data.total).toBe(0)
    expect((await t.api(token[other]).get('/api/blade-flow/work/claim-list')).body.data.total).toBe(0)

    // A double submit of the same approval completes it once.
    const [c, d] = await Promise.all([
      t
        .api(token[winner])
        .post('/api/blade-flow/work/complete-task', { body: { taskId, pass: true, comment: '同意' } }),
      t
        .api(token[winner])
        .post('/api/blade-flow/work/complete-task', { body: { taskId, pass: true, comment: '同意' } }),
    ])
    expect([c.status, d.status].sort()).toEqual([200, 400])
    const history = (
      await t
        .api(token.chen)
        .get('/api/blade-flow/process/history-flow-list', { processInstanceId: instance.processInstanceId })
    ).body.data
    expect(history.map((s: { historyActivityName: string }) => s.historyActivityName)).toEqual([
      '开始',
      '管理员审核',
      '结束（通过）',
    ])
  })

  it('suspends a definition so it cannot be started, and activates it again', async () => {
    const consumables = (await definitions()).records.find((d: { key: string }) => d.key === 'consumables')
    const suspend = await t.api(token.admin).post('/api/blade-flow/manager/change-state', {
      query: { state: 'suspend', processId: consumables.id },
    })
    expect(suspend.status).toBe(200)
    const startList = (
      await t.api(token.admin).get('/api/blade-flow/work/start-list', { current: 1, size: 100 })
    ).body.data
    expect(startList.records.some((d: { key: string }) => d.key === 'consumables')).toBe(false)
    expect(startList.records.some((d: { key: string }) => d.key === 'leave')).toBe(true)
    await t
      .api(token.admin)
      .post('/api/blade-flow/manager/change-state', { query: { state: 'active', processId: consumables.id } })
    const again = (await t.api(token.admin).get('/api/blade-flow/work/start-list', { current: 1, size: 100 }))
      .body.data
    expect(again.records.some((d: { key: string }) => d.key === 'consumables')).toBe(true)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { addDept, addUser, PEOPLE_PASSWORD } from './testing/people'

describe('models, definitions, monitoring and the business audit routes', () => {
  let t: TestServer
  const token: Record<string, string> = {}
  let headId = ''

  beforeAll(async () => {
    t = await startTestServer()
    const db = t.database.db
    const dept = await addDept(db, '数学学院')
    await addUser(db, 'he', '何老师', ['teacher'], dept.id)
    // Not the department's head on record: picked on the form as the approver.
    headId = (await addUser(db, 'lv', '吕老师', ['teacher'], dept.id)).id
    for (const account of ['he', 'lv']) token[account] = await t.login(account, PEOPLE_PASSWORD)
    token.admin = await t.login()
  })
  afterAll(() => t?.close())

  const admin = () => t.api(token.admin)

  it('lists the built-in models and deploys one as a new version that becomes the one started', async () => {
    const models = (await admin().get('/api/blade-flow/model/list', { current: 1, size: 100 })).body.data
    const keys = models.records.map((m: { modelKey: string }) => m.modelKey)
    for (const key of [
      'leave',
      'labAppointment',
      'competition_apply',
      'competitionPreliminary',
      'competitionFinal',
      'openRoom',
      'openBase',
      'teachadjust',
      'teachplan',
      'exam',
      'deviceRepairs',
      'reportAudit',
    ])
      expect(keys).toContain(key)
    const leaveModel = models.records.find((m: { modelKey: string }) => m.modelKey === 'leave')
    const deployed = await admin().post('/api/blade-flow/model/deploy', {
      query: { modelId: leaveModel.id, category: 'flow_1' },
    })
    expect(deployed.status).toBe(200)
    const versions = (
      await admin().get('/api/blade-flow/manager/list', { current: 1, size: 10000, key: 'leave' })
    ).body.data.records
    expect(versions.map((d: { version: number }) => d.version)).toEqual([2, 1])
    const startable = (
      await t.api(token.he).get('/api/blade-flow/work/start-list', { current: 1, size: 100 })
    ).body.data.records
    expect(
      startable.filter((d: { key: string }) => d.key === 'leave').map((d: { version: number }) => d.version),
    ).toEqual([2])
    const missing = await admin().post('/api/blade-flow/model/deploy', {
      query: { modelId: '1', category: 'flow_1' },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toBe('模型不存在')
  })

  it('serves submit, audit-list, auditRecord-list and complete-task for a business flow', async () => {
    const submitted = await t.api(token.he).post('/api/blade-desk/process/leave/submit', {
      body: {
        startTime: '2026-11-30 08:00',
        endTime: '2026-11-30 17:00',
        reason: '办理证件',
        taskUser: headId,
      },
    })
    expect(submitted.status).toBe(200)
    const audit = (
      await t.api(token.lv).get('/api/blade-desk/process/leave/audit-list', { current: 1, size: 10 })
    ).body.data
    expect(audit.total).toBe(1)
    expect(audit.records[0]).toMatchObject({
      taskName: '部门负责人审批',
      processInstanceId: submitted.body.data.processInstanceId,
    })
    const completed = await t.api(token.lv).post('/api/blade-desk/process/leave/complete-task', {
      body: { taskId: audit.records[0].taskId, pass: true, comment: '同意' },
    })
    expect(completed.status).toBe(200)
    expect((await t.api(token.lv).get('/api/blade-desk/process/leave/audit-list')).body.data.total).toBe(0)
    const records = (await t.api(token.lv).get('/api/blade-desk/process/leave/auditRecord-list')).body.data
    expect(
      records.records.map((r: { taskName: string; comment: string }) => [r.taskName, r.comment]),
    ).toEqual([['部门负责人审批', '同意']])
    // The final step is the administrators'; submitting the same record again is refused.
    expect((await admin().get('/api/blade-desk/process/leave/audit-list')).body.data.total).toBe(1)
    const again = await t.api(token.he).post('/api/blade-desk/process/leave/submit', {
      body: {
        id: submitted.body.data.businessId,
        startTime: '2026-11-30 08:00',
        endTime: '2026-11-30 17:00',
        reason: '办理证件',
      },
    })
    expect(again.status).toBe(400)
  })

  it('monitors running instances; deleting one cancels the request, and only then may its deployment go', async () => {
    const running = (await admin().get('/api/blade-flow/follow/list', { current: 1, size: 10 })).body.data
    expect(running.total).toBe(1)
    const instance = running.records[0]
    expect(instance).toMatchObject({
      processDefinitionKey: 'leave',
      processIsFinished: 'unfinished',
      taskName: '终审',
      startUser: '何老师',
    })

    const deploymentId = (
      await admin().get('/api/blade-flow/manager/list', { current: 1, size: 10000, key: 'leave' })
    ).body.data.records.find((d: { id: string }) => d.id === instance.processDefinitionId).deploymentId
    const refused = await admin().post('/api/blade-flow/manager/delete-deployment', {
      query: { deploymentIds: deploymentId },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toContain('运行中的实例')

    const deleted = await admin().post('/api/blade-flow/follow/delete-process-instance', {
      query: { processInstanceId: instance.processInstanceId, deleteReason: '申请人已撤回' },
    })
    expect(deleted.status).toBe(200)
    expect((await admin().get('/api/blade-flow/follow/list')).body.data.total).toBe(0)
    expect((await admin().get('/api/blade-flow/work/claim-list')).body.data.total).toBe(0)
    const leave = (
      await t.api(token.he).get('/api/blade-desk/process/leave/detail', { businessId: instance.businessId })
    ).body.data
    expect(leave.flowStatus).toBe(4)
    const history = (
      await t
        .api(token.he)
        .get('/api/blade-flow/process/history-flow-list', { processInstanceId: instance.processInstanceId })
    ).body.data
    expect(history.at(-1)).toMatchObject({ historyActivityName: '已删除', comment: '申请人已撤回' })

    expect(
      (
        await admin().post('/api/blade-flow/manager/delete-deployment', {
          query: { deploymentIds: deploymentId },
        })
      ).status,
    ).toBe(200)
    const left = (
      await admin().get('/api/blade-flow/manager/list', { current: 1, size: 10000, key: 'leave' })
    ).body.data.records
    expect(left.some((d: { id: string }) => d.id === instance.processDefinitionId)).toBe(false)
  })

  it('keeps a teacher out of the workflow administration routes', async () => {
    expect((await t.api(token.he).get('/api/blade-flow/model/list')).status).toBe(403)
    expect(
      (
        await t
          .api(token.he)
          .post('/api/blade-flow/follow/delete-process-instance', { query: { processInstanceId: '1' } })
      ).status,
    ).toBe(403)
  })
})

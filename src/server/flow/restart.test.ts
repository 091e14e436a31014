import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, runMigrations, type DatabaseHandle } from '../db/client'
import { startServer } from '../bootstrap'
import { flowInstance, flowTask } from '../db/schema'
import { ensureBuiltinFlows, resetBuiltinCache } from './builtins'
import { addDept, addUser, PEOPLE_PASSWORD } from './testing/people'
import { caller, loginTo } from './testing/login'
import { scratchDatabase, type ScratchDatabase } from './testing/scratch-database'
import type { Actor } from './db-types'

const ADMIN_PASSWORD = 'Restart-Admin-Pass-1'

describe('workflow state survives restarts', () => {
  let scratch: ScratchDatabase | undefined
  afterEach(async () => {
    await scratch?.drop()
    scratch = undefined
  })

  it('continues an instance after the app is closed and a fresh one opens on the same database', async () => {
    scratch = await scratchDatabase()
    const config = { fileDir: '', demo: false, logger: false, adminPassword: ADMIN_PASSWORD }

    let database: DatabaseHandle = await openDatabase(scratch.options)
    let { app } = await startServer({ database, config })
    const dept = await addDept(database.db, '化学学院')
    await addUser(database.db, 'qian', '钱老师', ['teacher'], dept.id)
    await addUser(database.db, 'zhou', '周主任', ['teacher', 'deptLeader'], dept.id)
    const teacher = caller(app, await loginTo(app, database.db, 'qian', PEOPLE_PASSWORD))
    const head = caller(app, await loginTo(app, database.db, 'zhou', PEOPLE_PASSWORD))
    const started = await teacher.post('/api/blade-desk/process/leave/start-process', {
      startTime: '2026-12-20 08:00:00',
      endTime: '2026-12-21 18:00:00',
      reason: '参加学术会议',
    })
    expect(started.success).toBe(true)
    const processInstanceId = started.data.processInstanceId
    const headTask = (await head.get('/api/blade-flow/work/todo-list')).data.records[0]
    expect(
      (
        await head.post('/api/blade-flow/work/complete-task', {
          taskId: headTask.taskId,
          pass: true,
          comment: '同意',
        })
      ).success,
    ).toBe(true)
    await app.close()
    await database.close()
    resetBuiltinCache()

    // A fresh app on the same database: the final approver finds the task and finishes the process.
    database = await openDatabase(scratch.options)
    ;({ app } = await startServer({ database, config }))
    const admin = caller(app, await loginTo(app, database.db, 'admin', ADMIN_PASSWORD))
    const claimable = (await admin.get('/api/blade-flow/work/claim-list')).data
    expect(claimable.records.map((r: { taskName: string }) => r.taskName)).toEqual(['终审'])
    const taskId = claimable.records[0].taskId
    expect((await admin.post('/api/blade-flow/work/claim-task', {}, { taskId })).success).toBe(true)
    expect(
      (await admin.post('/api/blade-flow/work/complete-task', { taskId, pass: true, comment: '准假' }))
        .success,
    ).toBe(true)
    const history = (await admin.get('/api/blade-flow/process/history-flow-list', { processInstanceId })).data
    expect(history.map((s: { historyActivityName: string }) => s.historyActivityName)).toEqual([
      '开始',
      '部门负责人审批',
      '终审',
      '结束（通过）',
    ])
    const teacherAgain = caller(app, await loginTo(app, database.db, 'qian', PEOPLE_PASSWORD))
    expect(
      (
        await teacherAgain.get('/api/blade-desk/process/leave/detail', {
          businessId: started.data.businessId,
        })
      ).data.flowStatus,
    ).toBe(3)
    await app.close()
    await database.close()
  }, 300_000)

  it('continues after the server process is killed with SIGKILL between steps', async () => {
    scratch = await scratchDatabase()
    const prepare = await openDatabase(scratch.options)
    await runMigrations(prepare)
    await ensureBuiltinFlows(prepare.db, '000000')
    await prepare.close()
    resetBuiltinCache()

    const worker = fileURLToPath(new URL('./testing/step-worker.ts', import.meta.url))
    // One step in a child process that is then killed outright, as a crashed server would be.
    const stepInChild = (action: unknown) =>
      new Promise<{
        processInstanceId?: string
        ended: boolean
        next: { id: string; taskDefKey: string }[]
        error?: string
      }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', worker, JSON.stringify({ db: scratch!.options, action })],
          {
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        )
        const lines = createInterface({ input: child.stdout })
        lines.once('line', (line) => {
          child.kill('SIGKILL')
          child.once('exit', (_code, signal) => {
            if (signal !== 'SIGKILL') reject(new Error(`worker ended with ${signal}`))
            else resolve(JSON.parse(line))
          })
        })
        child.once('error', reject)
      })
    const teacher: Actor = {
      userId: '101',
      tenantId: '000000',
      realName: '吴老师',
      roleAliases: ['teacher'],
      deptIds: [],
    }
    const head: Actor = {
      userId: '102',
      tenantId: '000000',
      realName: '郑主任',
      roleAliases: ['teacher'],
      deptIds: [],
    }
    const admin: Actor = {
      userId: '103',
      tenantId: '000000',
      realName: '冯院长',
      roleAliases: ['administrator'],
      deptIds: [],
    }

    const start = await stepInChild({
      kind: 'start',
      actor: teacher,
      processKey: 'leave',
      variables: { deptLeader: head.userId },
    })
    expect(start.error).toBeUndefined()
    expect(start.next.map((t) => t.taskDefKey)).toEqual(['dept_leader_audit'])
    const rejected = await stepInChild({
      kind: 'complete',
      actor: head,
      taskId: start.next[0].id,
      pass: false,
      comment: '请补充',
    })
    expect(rejected.next.map((t) => t.taskDefKey)).toEqual(['applicant_modify'])
    const resubmitted = await stepInChild({
      kind: 'complete',
      actor: teacher,
      taskId: rejected.next[0].id,
      pass: true,
      comment: '已补充',
    })
    expect(resubmitted.next.map((t) => t.taskDefKey)).toEqual(['dept_leader_audit'])
    const approved = await stepInChild({
      kind: 'complete',
      actor: head,
      taskId: resubmitted.next[0].id,
      pass: true,
      comment: '同意',
    })
    expect(approved.next.map((t) => t.taskDefKey)).toEqual(['final_audit'])
    const finished = await stepInChild({
      kind: 'complete',
      actor: admin,
      taskId: approved.next[0].id,
      pass: true,
      comment: '准假',
    })
    expect(finished).toMatchObject({ ended: true, next: [] })

    const check = await openDatabase(scratch.options)
    const [instance] = await check.db
      .select()
      .from(flowInstance)
      .where(eq(flowInstance.id, start.processInstanceId!))
    expect(instance).toMatchObject({ status: 'finished', result: 'approved', version: 4 })
    const tasks = await check.db.select().from(flowTask).where(eq(flowTask.instanceId, instance.id))
    expect(tasks.map((t) => [t.name, t.assigneeName, t.pass]).sort()).toEqual(
      [
        ['部门负责人审批', '郑主任', false],
        ['调整申请', '吴老师', true],
        ['部门负责人审批', '郑主任', true],
        ['终审', '冯院长', true],
      ].sort(),
    )
    await check.close()
  }, 300_000)
})

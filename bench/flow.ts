/**
 * Workflow figures (issue: workflow engine and approvals): completing 1,000 approval steps through
 * the engine (each one recovers the instance from its stored state, signals the task and stores the
 * new state and tasks in one transaction), and the to-do and claim lists of a user with 10,000 open
 * tasks among 60,000. Runs on an in-memory PGlite, or on a scratch database of DATABASE_URL when set.
 */
import { sql } from 'drizzle-orm'
import { runMigrations } from '../src/server/db/client'
import { ensureBuiltinFlows } from '../src/server/flow/builtins'
import { completeTask, startProcess } from '../src/server/flow/runtime'
import { claimList, todoList } from '../src/server/flow/queries'
import type { Actor } from '../src/server/flow/db-types'
import { scratchDatabase } from './scratch-db'
import type { Suite } from './types'

const TENANT = '000000'
const actor = (userId: string, roleAliases: string[] = ['teacher']): Actor => ({
  userId,
  tenantId: TENANT,
  realName: `用户${userId}`,
  roleAliases,
  deptIds: [],
})

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

export const flowSuite: Suite = async () => {
  const { database, drop } = await scratchDatabase('bench_flow')
  const db = database.db
  try {
    await runMigrations(database)
    await ensureBuiltinFlows(db, TENANT)
    const rows: { name: string; value: number; unit: string; note?: string }[] = []

    // 500 leave requests, two approvals each: 1,000 steps.
    const applicant = actor('1001')
    const head = actor('1002')
    const final = actor('1003', ['administrator'])
    const startedAt = performance.now()
    const firstTasks: string[] = []
    for (let i = 0; i < 500; i++) {
      const s = await startProcess(db, applicant, {
        processKey: 'leave',
        variables: { deptLeader: head.userId },
      })
      firstTasks.push(s.tasks[0].id)
    }
    rows.push({
      name: 'process starts',
      value: 500 / ((performance.now() - startedAt) / 1000),
      unit: '/s',
      note: '500 leave requests',
    })

    const latencies: number[] = []
    const stepsStarted = performance.now()
    const finalTasks: string[] = []
    for (const taskId of firstTasks) {
      const t0 = performance.now()
      const r = await completeTask(db, head, { taskId, pass: true, comment: '同意' })
      latencies.push(performance.now() - t0)
      finalTasks.push(r.next[0].id)
    }
    for (const taskId of finalTasks) {
      const t0 = performance.now()
      await completeTask(db, final, { taskId, pass: true, comment: '准假' })
      latencies.push(performance.now() - t0)
    }
    const seconds = (performance.now() - stepsStarted) / 1000
    latencies.sort((a, b) => a - b)
    rows.push({
      name: 'approval steps completed',
      value: 1000 / seconds,
      unit: '/s',
      note: '1,000 steps, sequential',
    })
    rows.push({ name: 'approval step p50', value: percentile(latencies, 50), unit: 'ms' })
    rows.push({ name: 'approval step p99', value: percentile(latencies, 99), unit: 'ms' })

    // 10,000 open tasks for one user (and claimable by one role), among 60,000 open tasks.
    const busy = actor('2001', ['staff'])
    await database.exec(`
      insert into blade_flow_task (id, tenant_id, instance_id, definition_id, process_key, process_name, category,
        business_table, business_id, start_user_id, start_user_name, task_def_key, name, assignee_id, assignee_name, create_time)
      select 900000000000 + g, '${TENANT}', 800000000000 + g, 'leave:1:1', 'leave', '请假流程', 'flow_1',
        'blade_process_leave', (700000000000 + g)::text, 1001, '申请人', 'final_audit', '终审',
        case when g <= 10000 then 2001 else 3000 + (g % 500) end, '办理人', now() - (g || ' seconds')::interval
      from generate_series(1, 60000) g;
      insert into blade_flow_task (id, tenant_id, instance_id, definition_id, process_key, process_name, category,
        business_table, business_id, start_user_id, start_user_name, task_def_key, name, create_time)
      select 950000000000 + g, '${TENANT}', 850000000000 + g, 'labAppointment:1:1', 'labAppointment', '实验室预约审批', 'flow_2',
        'lab_appointment', g::text, 1001, '申请人', 'lab_admin_audit', '实验室管理员审核', now() - (g || ' seconds')::interval
      from generate_series(1, 10000) g;
      insert into blade_flow_task_candidate (task_id, tenant_id, candidate_key)
      select 950000000000 + g, '${TENANT}', 'role:staff' from generate_series(1, 10000) g;
      analyze blade_flow_task; analyze blade_flow_task_candidate;
    `)
    await db.execute(sql`select 1`)
    for (const [name, list] of [
      ['to-do list', todoList],
      ['claim list', claimList],
    ] as const) {
      const times: number[] = []
      let total = 0
      for (let i = 0; i < 220; i++) {
        const t0 = performance.now()
        const pageOf = await list(db, busy, {}, { current: 1 + (i % 20), size: 10 })
        if (i >= 20) times.push(performance.now() - t0)
        total = pageOf.total
      }
      times.sort((a, b) => a - b)
      rows.push({
        name: `${name} p50`,
        value: percentile(times, 50),
        unit: 'ms',
        note: `${total} open tasks for the user, page of 10`,
      })
      rows.push({ name: `${name} p99`, value: percentile(times, 99), unit: 'ms' })
    }
    rows.push({ name: 'database', value: database.kind === 'pglite' ? 0 : 1, unit: database.kind })
    return rows
  } finally {
    await database.close()
    await drop()
  }
}

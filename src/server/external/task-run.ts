import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { externalInterface, externalSql, externalTask, externalTaskRun } from '../db/schema'
import { nextId } from '../core/ids'
import { dataOfTenant } from '../core/data'

export const RUN_OK = 1
export const RUN_FAILED = 2

/**
 * Runs one external task now and records the run. A run checks that the task's SQL and interface
 * definitions exist in the tenant and are well-formed (the SQL a single read-only SELECT, the
 * interface headers and parameters valid JSON); it does not execute SQL against outside databases or
 * call outside systems from the server process. The outcome is stored on the task and in
 * lab_external_task_run.
 */
export async function runExternalTask(db: Db, task: typeof externalTask.$inferSelect, userId: string) {
  const start = new Date()
  const problems: string[] = []
  const data = dataOfTenant(db, task.tenantId as string)
  if (!task.sqlId && !task.interfaceId) problems.push('任务未关联SQL定义或接口定义')
  if (task.sqlId) {
    const [s] = await db
      .select()
      .from(externalSql)
      .where(data.rows(externalSql, eq(externalSql.id, task.sqlId as string)))
    if (!s) problems.push('关联的SQL定义不存在')
    else if (!/^\s*select\b/i.test(String(s.sqlText ?? '')) || /;\s*\S/.test(String(s.sqlText ?? '')))
      problems.push('SQL定义必须是单条 SELECT 语句')
  }
  if (task.interfaceId) {
    const [i] = await db
      .select()
      .from(externalInterface)
      .where(data.rows(externalInterface, eq(externalInterface.id, task.interfaceId as string)))
    if (!i) problems.push('关联的接口定义不存在')
    else
      for (const [label, value] of [
        ['请求头', i.headers],
        ['请求参数', i.params],
      ] as const) {
        if (!value) continue
        try {
          JSON.parse(String(value))
        } catch {
          problems.push(`接口定义的${label}不是合法的 JSON`)
        }
      }
  }
  const result = problems.length ? RUN_FAILED : RUN_OK
  const message = problems.length ? problems.join('; ') : '执行成功'
  const end = new Date()
  await db.insert(externalTaskRun).values({
    id: nextId(),
    tenantId: data.tenantId,
    taskId: task.id as string,
    result,
    message,
    startTime: start,
    endTime: end,
    createUser: userId,
  })
  await db
    .update(externalTask)
    .set({ lastRunTime: end, lastRunResult: message.slice(0, 500) } as never)
    .where(eq(externalTask.id, task.id as string))
  return { result, message, startTime: start, endTime: end }
}

import type { FastifyInstance } from 'fastify'
import { sjApi } from '../../shared/api/report'
import type { TableCode } from '../../shared/resources/report/tables'
import { done, ok } from '../core/envelope'
import { route } from '../core/route'
import type { Data } from '../core/data'
import { checkResult, runCheck, storeCheck, storedRows } from './check/run'
import type { CheckScope } from './check/context'
import { applyData } from './apply'
import { exportScope, sendExcel, sendTxt, txtBytes } from './export'
import { queueExport, refuseLargeDirect } from './download'
import { extractScope } from './extract'
import { MAX_IMPORT_BYTES, importInput, importRows } from './import'
import {
  pageRecords,
  recordDetail,
  removeRecords,
  saveRecord,
  updateRecord,
  type ScopeQuery,
} from './records'
import { findSubmission, findTask, lockSubmission, resolveCollege, settingsOf, type TaskRef } from './scope'

/** The scope a check works on (the submission locked for the run). */
export async function checkScopeOf(
  data: Data,
  table: TableCode,
  ref: TaskRef & { collegeSerialNum?: string },
): Promise<CheckScope> {
  const task = await findTask(data, ref)
  const college = (await resolveCollege(data, task, ref.collegeSerialNum, { required: true }))!
  const visible = await findSubmission(data, task, college, table)
  const submission = await lockSubmission(data, visible.id)
  return { data, task, settings: settingsOf(task), table, college, submission }
}

/** 校验 of one scope: runs every rule, stores the findings, answers the summary and first 200. */
export async function checkScope(data: Data, table: TableCode, ref: ScopeQuery) {
  return data.transaction(async (tx) => {
    const scope = await checkScopeOf(tx, table, ref)
    const run = await runCheck(scope, storedRows(tx, scope))
    const time = new Date()
    await storeCheck(tx, run, time)
    return checkResult(run, time)
  })
}

/** The family of one table: rows, check, and (registered by their modules) import, export, audit. */
export function registerTableRoutes(app: FastifyInstance, table: TableCode) {
  const api = sjApi[table]
  const scopeOf = (query: Record<string, unknown>) => query as ScopeQuery & Record<string, unknown>

  route(app, api.getApplyData, async ({ query, data }) => ok(await applyData(data, table, scopeOf(query))))

  route(app, api.checkData, async ({ query, body, data }) =>
    ok(await checkScope(data, table, { ...(body ?? {}), ...scopeOf(query) })),
  )

  route(
    app,
    api.importData,
    async ({ request, query, data }) => {
      const result = await importRows(data, table, await importInput(request, query))
      return ok(result, result.dryRun ? '预检完成' : `导入成功，共${result.imported}条`)
    },
    { bodyLimit: MAX_IMPORT_BYTES + 1024 * 1024 },
  )

  route(app, api.exportTxt, async ({ query, data, reply }) => {
    const scope = await exportScope(data, table, query)
    if (query.asyncTask) return queueExport(data, reply, scope, 'txt', query)
    await refuseLargeDirect(scope)
    return sendTxt(reply, scope, await txtBytes(data, scope))
  })

  route(app, api.exportExcel, async ({ query, data, reply }) => {
    const scope = await exportScope(data, table, query)
    if (query.asyncTask && !query.template) return queueExport(data, reply, scope, 'xlsx', query)
    if (!query.template) await refuseLargeDirect(scope)
    return sendExcel(data, reply, scope, !!query.template)
  })

  route(app, api.extractData, async ({ query, body, data }) => {
    const result = await extractScope(data, table, { ...(body ?? {}), ...scopeOf(query) })
    return ok(result, `抽取完成，共${result.rows}条`)
  })

  if (table === 'sj5') return // SJ5 rows change only by extraction and import (decision 7)

  route(app, api.page, async ({ query, data }) => ok(await pageRecords(data, table, scopeOf(query))))
  route(app, api.list, async ({ query, data }) => ok(await pageRecords(data, table, scopeOf(query))))
  route(app, api.detail, async ({ query, data }) => ok(await recordDetail(data, table, query.id)))
  route(app, api.save, async ({ body, data }) => ok({ id: await saveRecord(data, table, body) }, '新增成功'))
  route(app, api.update, async ({ body, data }) =>
    ok({ id: await updateRecord(data, table, body) }, '修改成功'),
  )
  route(app, api.remove, async ({ query, data }) => {
    await removeRecords(data, table, query.ids)
    return done('删除成功')
  })
}

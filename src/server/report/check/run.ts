import { asc, eq } from 'drizzle-orm'
import type { CheckResult } from '../../../shared/api/report'
import { reportCheckIssue, reportSubmission } from '../../db/schema'
import type { Data } from '../../core/data'
import { scopeRows } from '../rows-reader'
import { fmt } from '../tasks'
import { byRuleOf, CheckRun, type CheckRow, type CheckScope } from './context'
import { catalogueNotices, fieldRules } from './fields'
import { loadCatalogues } from './lookups'
import { tableRules } from './tables'

export const CHECK_PAGE = 2000

/** A scope's stored rows as check rows, a page at a time. */
export async function* storedRows(
  data: Data,
  scope: Pick<CheckScope, 'table' | 'submission'>,
  page = CHECK_PAGE,
) {
  for await (const rows of scopeRows(data, scope.table, scope.submission.id, page))
    yield rows.map((r): CheckRow => ({ id: r.id, rowNo: r.rowNo, values: r }))
}

/** Runs every rule of the scope's table over `rows` (stored or about to be imported). */
export async function runCheck(
  scope: CheckScope,
  rows: AsyncIterable<CheckRow[]> | Iterable<CheckRow[]>,
): Promise<CheckRun> {
  const run = new CheckRun(scope)
  const cat = await loadCatalogues(scope.data)
  const field = fieldRules(run, cat)
  const table = tableRules(run)
  catalogueNotices(run, cat)
  for await (const batch of rows)
    for (const row of batch) {
      run.checkedRows++
      field(row)
      table.row(row)
    }
  await table.finish()
  return run
}

export function checkResult(run: CheckRun, time = new Date()): CheckResult {
  return {
    passed: run.errors === 0,
    errors: run.errors,
    warnings: run.warnings,
    infos: run.infos,
    checkedRows: run.checkedRows,
    checkTime: fmt(time),
    byRule: run.byRule(),
    items: run.items,
  }
}

/** Replaces the scope's stored findings with a run's and records the counts on the submission. */
export async function storeCheck(data: Data, run: CheckRun, time = new Date()): Promise<void> {
  const { submission, table } = run.scope
  await data.repo(reportCheckIssue).deleteWhere([eq(reportCheckIssue.submissionId, submission.id)])
  await data.repo(reportCheckIssue).insert(
    run.all.map((i) => ({
      submissionId: submission.id,
      tableCode: table,
      ruleId: i.ruleId,
      level: i.level,
      rowId: i.rowId,
      rowNo: i.rowNo,
      field: i.field,
      fieldLabel: i.fieldLabel,
      value: i.value,
      message: i.message.slice(0, 1000),
    })),
  )
  await data.db
    .update(reportSubmission)
    .set({
      checkTime: time,
      checkErrors: run.errors,
      checkWarnings: run.warnings,
      checkInfos: run.infos,
      checkPassed: run.errors === 0,
    })
    .where(data.rows(reportSubmission, eq(reportSubmission.id, submission.id)))
}

/** The stored findings of a scope's last check, as checkData answered them. */
export async function storedCheck(
  data: Data,
  submission: typeof reportSubmission.$inferSelect,
): Promise<CheckResult | null> {
  if (!submission.checkTime) return null
  const issues = await data.repo(reportCheckIssue).find([eq(reportCheckIssue.submissionId, submission.id)], {
    sort: [asc(reportCheckIssue.rowNo), asc(reportCheckIssue.id)],
  })
  return {
    passed: (submission.checkErrors ?? 0) === 0,
    errors: submission.checkErrors ?? 0,
    warnings: submission.checkWarnings ?? 0,
    infos: submission.checkInfos ?? 0,
    checkedRows: submission.rowCount,
    checkTime: fmt(submission.checkTime),
    byRule: byRuleOf(issues),
    items: issues.slice(0, 200).map((i) => ({
      ruleId: i.ruleId,
      level: i.level as CheckResult['items'][number]['level'],
      rowId: i.rowId,
      rowNo: i.rowNo,
      field: i.field,
      fieldLabel: i.fieldLabel,
      value: i.value,
      message: i.message,
    })),
  }
}

import type { FastifyReply } from 'fastify'
import type { Readable } from 'node:stream'
import { formatScaled, sumScaled } from '../../shared/resources/report/decimal'
import { txtFileName } from '../../shared/resources/report/settings'
import { REPORT_TABLES, type TableCode } from '../../shared/resources/report/tables'
import type { Data } from '../core/data'
import { bad } from '../core/errors'
import { xlsxStream, type Cell } from '../core/xlsx-stream'
import { attachment } from '../base/spreadsheet'
import { excelCells, excelHeaders, fixedColumns, sheetName } from './excel'
import { scopeRows, type StoredRow } from './rows-reader'
import {
  findTask,
  resolveCollege,
  settingsOf,
  taskSubmissions,
  type SubmissionRow,
  type TaskRef,
  type TaskRow,
} from './scope'
import { encodeRecords, recordWriter, type Unwritable } from './txt/format'
import type { ReportSettings } from '../../shared/resources/report/settings'

/**
 * 导出TXT / 导出Excel (reports-portal.md 2, 3): one college's scope, or with no college the whole school
 * in the task's college order (SJ2 and SJ7: one record, every number summed over the colleges, 学校代码
 * the task's). A TXT with a value that cannot be written is refused, never written wrong.
 */
export const EXPORT_PAGE = 5000
export const MAX_EXCEL_ROWS = 300000
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export interface ExportScope {
  task: TaskRow
  settings: ReportSettings
  table: TableCode
  subs: SubmissionRow[]
  /** The whole school (no college named, none fixed). */
  school: boolean
}

export async function exportScope(
  data: Data,
  table: TableCode,
  query: TaskRef & { collegeSerialNum?: string },
): Promise<ExportScope> {
  const task = await findTask(data, query)
  const college = await resolveCollege(data, task, query.collegeSerialNum, { required: false })
  const all = await taskSubmissions(data, task.id, table)
  const subs = college ? all.filter((s) => s.collegeSerialNum === college.serial) : all
  return { task, settings: settingsOf(task), table, subs, school: !college }
}

/** The scope's rows page by page, college after college. */
export async function* exportRows(
  data: Data,
  scope: ExportScope,
  page = EXPORT_PAGE,
): AsyncGenerator<StoredRow[]> {
  if (scope.school && REPORT_TABLES[scope.table].single) {
    const rows: StoredRow[] = []
    for (const sub of scope.subs)
      for await (const p of scopeRows(data, scope.table, sub.id, page)) rows.push(...p)
    if (rows.length) yield [summedRecord(scope, rows)]
    return
  }
  for (const sub of scope.subs) yield* scopeRows(data, scope.table, sub.id, page)
}

/** SJ2 / SJ7 of the school: each number summed over the colleges, decimals exactly. */
function summedRecord(scope: ExportScope, rows: StoredRow[]): StoredRow {
  const out: StoredRow = { id: '0', rowNo: 1, schoolCode: scope.task.schoolCode }
  for (const f of REPORT_TABLES[scope.table].fields) {
    if (f.kind === 'N') out[f.name] = rows.reduce((n, r) => n + Number(r[f.name] ?? 0), 0)
    else if (f.kind === 'D') out[f.name] = formatScaled(sumScaled(rows.map((r) => r[f.name])), 2)
  }
  return out
}

/** The TXT bytes of a scope, or 400 有N处数据无法写入TXT，如第12行 仪器编号 超过8字节. */
export async function txtBytes(data: Data, scope: ExportScope): Promise<Buffer> {
  const layout = scope.settings.layouts[scope.table]
  const cut = new Set(REPORT_TABLES[scope.table].fields.filter((f) => f.cut).map((f) => f.name))
  const write = recordWriter(layout, cut)
  const records: string[] = []
  let problems = 0
  let first: { rowNo: number; p: Unwritable } | null = null
  for await (const page of exportRows(data, scope))
    for (const row of page) {
      const out = write(row)
      if (out.problems) {
        problems += out.problems.length
        first ??= { rowNo: row.rowNo, p: out.problems[0] }
      } else records.push(out.text)
    }
  if (first) bad(`有${problems}处数据无法写入TXT，如第${first.rowNo}行 ${first.p.label} ${first.p.reason}`)
  return encodeRecords(records)
}

export function sendTxt(reply: FastifyReply, scope: ExportScope, bytes: Buffer) {
  return reply
    .header('content-type', 'text/plain; charset=GBK')
    .header(
      'content-disposition',
      attachment(txtFileName(scope.settings, scope.table, scope.task.schoolCode)),
    )
    .send(bytes)
}

export async function countRows(scope: ExportScope): Promise<number> {
  return scope.subs.reduce((n, s) => n + s.rowCount, 0)
}

/** The Excel bytes of a scope (template: the header row only) as a stream; `onRows` hears rows done. */
export function excelStream(
  data: Data,
  scope: ExportScope,
  template: boolean,
  onRows?: (rows: number) => Promise<void>,
): Readable {
  const { table } = scope
  async function* pages(): AsyncGenerator<Cell[][]> {
    if (template) return
    let done = 0
    for await (const page of exportRows(data, scope)) {
      yield page.map((r) => excelCells(table, r))
      done += page.length
      await onRows?.(done)
    }
  }
  return xlsxStream({
    sheetName: sheetName(table),
    headers: excelHeaders(table),
    pages: pages(),
    fixed2: fixedColumns(scope.settings.layouts[table]),
  })
}

/** The file name of a scope's Excel. */
export const excelFileName = (scope: ExportScope, template = false) =>
  `${sheetName(scope.table)}${template ? '模板' : ''}${scope.task.academicYear}.xlsx`

/** The Excel of a scope (template: the header row only), streamed. */
export async function sendExcel(data: Data, reply: FastifyReply, scope: ExportScope, template: boolean) {
  if (!template && (await countRows(scope)) > MAX_EXCEL_ROWS)
    bad(`超过${MAX_EXCEL_ROWS}行，请按学院分别导出Excel`)
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(excelFileName(scope, template)))
    .send(excelStream(data, scope, template))
}

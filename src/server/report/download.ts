import type { FastifyReply } from 'fastify'
import { Readable } from 'node:stream'
import { QUEUED_MESSAGE } from '../../shared/api/download'
import { txtFileName } from '../../shared/resources/report/settings'
import type { TableCode } from '../../shared/resources/report/tables'
import type { Data } from '../core/data'
import { ok } from '../core/envelope'
import { queueDownload, refuseTooMany, registerProducer } from '../download'
import { countRows, excelFileName, excelStream, exportScope, txtBytes, type ExportScope } from './export'
import { sheetName } from './excel'

type Kind = 'txt' | 'xlsx'

/** What a report export names: the table and the scope's query (task, college). */
interface ReportExportParams {
  table: TableCode
  taskSerialNum?: string
  academicYear?: string
  collegeSerialNum?: string
}

const scopeOfParams = (data: Data, p: Record<string, unknown>) => {
  const params = p as unknown as ReportExportParams
  return exportScope(data, params.table, params)
}

// 下载中心 producers of the report exports (`report.txt`, `report.xlsx`), for every table.
registerProducer('report.txt', {
  fileExt: 'txt',
  async run({ data, params, progress }) {
    const scope = await scopeOfParams(data, params)
    const total = await countRows(scope)
    await progress(0, total)
    const bytes = await txtBytes(data, scope)
    await progress(total, total)
    return Readable.from([bytes])
  },
})
registerProducer('report.xlsx', {
  fileExt: 'xlsx',
  async run({ data, params, progress }) {
    const scope = await scopeOfParams(data, params)
    const total = await countRows(scope)
    await progress(0, total)
    return excelStream(data, scope, false, (rows) => progress(rows, total))
  },
})

const withoutExt = (name: string) => name.replace(/\.[a-z0-9]+$/i, '')

/**
 * `exportTxt` / `exportExcel` with `asyncTask=true` (reports-portal.md 7): the scope is checked as the
 * direct export checks it, then the file is made by 下载中心 (producers `report.txt` / `report.xlsx`).
 */
export async function queueExport(
  data: Data,
  reply: FastifyReply,
  scope: ExportScope,
  kind: Kind,
  query: { taskSerialNum?: string; academicYear?: string; collegeSerialNum?: string },
): Promise<FastifyReply> {
  const { table, task } = scope
  const college = scope.school ? 'all' : (query.collegeSerialNum ?? scope.subs[0]?.collegeSerialNum ?? 'all')
  const fileName =
    kind === 'txt'
      ? withoutExt(txtFileName(scope.settings, table, task.schoolCode))
      : withoutExt(excelFileName(scope))
  const params: ReportExportParams = {
    table,
    taskSerialNum: task.taskSerialNum,
    ...(scope.school ? {} : { collegeSerialNum: college }),
  }
  const queued = await queueDownload(data, {
    bizType: 'report',
    bizId: `report:${table}:${kind}:${task.taskSerialNum}:${college}`,
    taskName: `${sheetName(table)}（${kind === 'txt' ? 'TXT' : 'Excel'}）${task.academicYear}`,
    producer: `report.${kind}`,
    params: params as unknown as Record<string, unknown>,
    fileName,
  })
  return reply.send(ok(queued, QUEUED_MESSAGE))
}

/** A direct export of more than 100,000 rows is refused (数据超过100000行，请通过下载中心导出). */
export async function refuseLargeDirect(scope: ExportScope): Promise<void> {
  refuseTooMany(await countRows(scope))
}

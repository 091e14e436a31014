import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { ImportBody, type ImportResult } from '../../shared/api/report'
import { REPORT_TABLES, SOURCE, type TableCode } from '../../shared/resources/report/tables'
import type { Data } from '../core/data'
import { bad } from '../core/errors'
import { reportCheckIssue } from '../db/schema'
import type { CheckRow } from './check/context'
import { runCheck, storedRows } from './check/run'
import { parseExcel } from './excel'
import { countRows, nextRowNo, rowBase, rowsRepo } from './records'
import { touchSubmission, writeScope, type TaskRef, type WriteScope } from './scope'
import { rowTable } from './tables'
import { parseTxt, type ParseResult } from './txt/parse'
import { uploadedName } from '../core/input-guard'

/**
 * 导入 (reports-portal.md 2 and 3): a TXT in the year's layout or an Excel sheet, parsed on the server;
 * the dry run answers the parse findings and the check rules over the rows as they would stand; the
 * commit writes them in one transaction, refused whole while any P-* finding exists.
 */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024
export const MAX_JSON_ROWS = 50000
const MAX_FINDINGS = 200
const REFUSE_SHOWN = 20

export interface ImportInput extends TaskRef {
  collegeSerialNum?: string
  mode?: 'replace' | 'append'
  dryRun?: boolean
  file?: { name: string; bytes: Buffer }
  rows?: Record<string, unknown>[]
}

const flag = (v: unknown) => v === true || v === '1' || v === 'true' || v === 1

/** The import's input from a multipart request (fields and one file) or a JSON body. */
export async function importInput(
  request: FastifyRequest,
  query: Record<string, unknown>,
): Promise<ImportInput> {
  const input: ImportInput = {
    taskSerialNum: str(query.taskSerialNum),
    academicYear: str(query.academicYear),
    collegeSerialNum: str(query.collegeSerialNum),
    mode: query.mode === 'append' ? 'append' : query.mode === 'replace' ? 'replace' : undefined,
    dryRun: query.dryRun === undefined ? undefined : flag(query.dryRun),
  }
  if (request.isMultipart()) {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        if (part.file.truncated) bad('文件不能超过100MB')
        input.file = { name: uploadedName(part.filename, ''), bytes }
      } else {
        const value = String(part.value ?? '')
        if (part.fieldname === 'mode' && (value === 'replace' || value === 'append')) input.mode = value
        else if (part.fieldname === 'dryRun') input.dryRun = flag(value)
        else if (['taskSerialNum', 'academicYear', 'collegeSerialNum'].includes(part.fieldname))
          (input as Record<string, unknown>)[part.fieldname] = value.trim() || undefined
      }
    }
    if (!input.file) bad('请选择要导入的文件')
    return input
  }
  const parsed = ImportBody.safeParse(request.body)
  if (!parsed.success) bad(parsed.error.issues[0]?.message ?? '导入数据格式不正确')
  const body = parsed.data ?? {}
  if (!Array.isArray(body.rows) && !body.file) bad('请上传TXT或Excel文件')
  const file = body.file
    ? { name: body.file.name, bytes: Buffer.from(body.file.base64, 'base64') }
    : undefined
  if (file && !file.bytes.length) bad('导入文件没有数据')
  return {
    ...input,
    taskSerialNum: input.taskSerialNum ?? str(body.taskSerialNum),
    academicYear: input.academicYear ?? str(body.academicYear),
    collegeSerialNum: input.collegeSerialNum ?? str(body.collegeSerialNum),
    mode: input.mode ?? (body.mode === 'append' ? 'append' : 'replace'),
    dryRun: input.dryRun ?? flag(body.dryRun),
    ...(file ? { file } : { rows: body.rows }),
  }
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined)

const isExcel = (file: { name: string; bytes: Buffer }) =>
  /\.xlsx?$/i.test(file.name) || (file.bytes[0] === 0x50 && file.bytes[1] === 0x4b)

/** Parses what the caller sent in the scope's layout. */
export function parseInput(
  input: ImportInput,
  table: TableCode,
  scope: WriteScope,
): { parsed: ParseResult; source: number } {
  const layout = scope.settings.layouts[table]
  if (input.file) {
    if (isExcel(input.file))
      return { parsed: parseExcel(input.file.bytes, table, layout), source: SOURCE.excel }
    if (!/\.txt$/i.test(input.file.name) && input.file.name) bad('只能导入TXT或Excel（.xlsx）文件')
    return { parsed: parseTxt(input.file.bytes, layout), source: SOURCE.txt }
  }
  const rows = input.rows ?? []
  if (rows.length > MAX_JSON_ROWS) bad(`单次导入不能超过${MAX_JSON_ROWS}行`)
  const fields = REPORT_TABLES[table].fields
  const parsed: ParseResult = { records: [], findings: [], blocking: 0 }
  rows.forEach((r, i) => {
    const line = i + 1
    const values: Record<string, string | number | null> = {}
    for (const f of fields) {
      const v = r[f.name]
      if (v === null || v === undefined || v === '') values[f.name] = null
      else if (f.kind === 'N' || f.kind === 'D') {
        const text = String(v).trim()
        if (!/^-?\d+(\.\d+)?$/.test(text) || (f.kind === 'N' && !Number.isInteger(Number(text)))) {
          parsed.blocking++
          parsed.findings.push({
            ruleId: 'P-04',
            level: 'block',
            line,
            field: f.name,
            message: `第${line}行 ${f.label} 应为数字，实为“${text}”`,
          })
        } else values[f.name] = f.kind === 'N' ? Number(text) : text
      } else if (String(v).length > (f.max ?? 255)) {
        parsed.blocking++
        parsed.findings.push({
          ruleId: 'P-06',
          level: 'block',
          line,
          field: f.name,
          message: `第${line}行 ${f.label} 超过${f.max ?? 255}个字符`,
        })
      } else values[f.name] = String(v)
    }
    parsed.records.push({ line, values })
  })
  return {
    parsed,
    source: SOURCE.excel,
  }
}

/** SJ4: the trailing `*` of 实验编号 marks 独立设课. */
function extra(table: TableCode, values: Record<string, unknown>) {
  return table === 'sj4' ? { independentCourse: String(values.experimentNo ?? '').endsWith('*') ? 1 : 0 } : {}
}

export async function importRows(data: Data, table: TableCode, input: ImportInput): Promise<ImportResult> {
  const mode = input.mode ?? 'replace'
  const dryRun = input.dryRun ?? false
  return data.transaction(async (tx) => {
    const scope = await writeScope(tx, table, input)
    const { parsed, source } = parseInput(input, table, scope)
    const findings = parsed.findings.map((f) => ({
      ruleId: f.ruleId,
      level: f.level,
      line: f.line,
      message: f.message,
    }))
    if (!dryRun && parsed.blocking) {
      const shown = parsed.findings.filter((f) => f.level === 'block').slice(0, REFUSE_SHOWN)
      bad(`文件有${parsed.blocking}处错误，未导入任何数据：${shown.map((f) => f.message).join('；')}`)
    }
    if (!parsed.records.length && !parsed.blocking) bad('导入文件没有数据')
    const first = mode === 'append' ? await nextRowNo(tx, table, scope.submission.id) : 1
    const fresh: CheckRow[] = parsed.records.map((r, i) => ({
      id: null,
      rowNo: mode === 'append' ? first + i : i + 1,
      values: { ...r.values, ...extra(table, r.values) },
    }))
    if (dryRun) {
      async function* candidates() {
        if (mode === 'append') yield* storedRows(tx, scope)
        yield fresh
      }
      const run = await runCheck({ data: tx, ...scope }, candidates())
      return {
        dryRun: true,
        total: parsed.records.length,
        blocking: parsed.blocking,
        findings: findings.slice(0, MAX_FINDINGS),
        check: {
          passed: run.errors === 0,
          errors: run.errors,
          warnings: run.warnings,
          infos: run.infos,
          checkedRows: run.checkedRows,
          byRule: run.byRule(),
          items: run.items,
        },
        imported: 0,
      }
    }
    const t = rowTable(table)
    if (mode === 'replace') {
      await rowsRepo(tx, table).deleteWhere([eq(t.submissionId, scope.submission.id)])
      await tx.repo(reportCheckIssue).deleteWhere([eq(reportCheckIssue.submissionId, scope.submission.id)])
    }
    const base = rowBase(scope)
    await rowsRepo(tx, table).insert(
      fresh.map((r) => ({ ...r.values, ...base, rowNo: r.rowNo, sourceType: source })) as never,
      { createDept: scope.college.deptId },
    )
    await touchSubmission(tx, scope.submission, await countRows(tx, table, scope.submission.id))
    return {
      dryRun: false,
      total: parsed.records.length,
      blocking: 0,
      findings: findings.slice(0, MAX_FINDINGS),
      check: { passed: false, errors: 0, warnings: 0, infos: 0, checkedRows: 0, byRule: [], items: [] },
      imported: fresh.length,
    }
  })
}

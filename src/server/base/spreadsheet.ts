import { and, eq, inArray } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { WorkBook } from 'xlsx'
import { z } from 'zod'
import type { FieldDef, ResourceDef } from '../../shared/resource/types'
import { entitySchema } from '../../shared/resource/validate'
import type { Db } from '../db/client'
import type { ResourceHooks } from '../core/resource-routes'
import { resourceAccess } from '../core/resource-routes'
import { ok } from '../core/envelope'
import { BizError, bad } from '../core/errors'
import { nextId } from '../core/ids'
import { requireUser } from '../core/scope'
import { dataOf, dataOfTenant, liveRows, type Data } from '../core/data'
import { defaultSort } from '../core/resource-routes'
import { queuedExport, wantsAsync } from '../download'
import { registerProducer } from '../download/producers'
import { fieldChoices, type Choice } from './dictionaries'
import { sheetjs } from '../core/sheetjs'

type Row = Record<string, unknown>

// A whole school year of students in one file (the import bench moves 50,000).
const MAX_ROWS = 50000
const MAX_MESSAGES = 20
const EXPORT_PAGE = 5000
const MAX_EXPORT_ROWS = 100000
const INSERT_BATCH = 500
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Fields a spreadsheet carries: the form's fields (not links set by the server such as `userId`). */
const sheetFields = (def: ResourceDef) => def.fields.filter((f) => f.form !== false)

const clean = (s: string) => s.replace(/[*＊\s]/g, '').toLowerCase()

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266), so Chinese names survive. */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** One sheet of rows as an .xlsx file. */
function xlsxOf(sheetName: string, rows: Row[]): Buffer {
  const XLSX = sheetjs()
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(rows), sheetName.slice(0, 31))
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
}

export function sendXlsx(reply: FastifyReply, fileName: string, sheetName: string, rows: Row[]) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(fileName))
    .send(xlsxOf(sheetName, rows))
}

function labelOf(value: unknown, choices: Choice[] | undefined): unknown {
  if (value === null || value === undefined) return ''
  if (!choices?.length) return value
  return String(value)
    .split(',')
    .map((part) => choices.find((c) => c.value === part)?.label ?? part)
    .join(',')
}

/**
 * The export sheet of a resource: the rows the list filters select in `data`'s reach (tenant and data
 * scope), read page by page (the engine's list stops at 10,000 rows, an export of a school's students
 * must not), with Chinese headers and option labels.
 */
async function exportSheet(
  data: Data,
  def: ResourceDef,
  table: PgTable,
  query: Row,
  progress?: (rows: number, total: number) => Promise<void>,
): Promise<Row[]> {
  const repo = data.repo(table, def)
  const rows: Row[] = []
  for (let current = 1; rows.length < MAX_EXPORT_ROWS; current++) {
    const { records, total } = await repo.page(
      { ...query, current, size: EXPORT_PAGE },
      { sort: defaultSort(def, table) },
    )
    rows.push(...(records as Row[]))
    await progress?.(rows.length, total)
    if (records.length < EXPORT_PAGE || rows.length >= total) break
  }
  const fields = sheetFields(def)
  const choices = await fieldChoices(data.db, fields)
  const sheet = rows.map((row) => {
    const out: Row = {}
    for (const f of fields) out[f.label.zh] = labelOf(row[f.name], choices[f.name])
    return out
  })
  if (!sheet.length) sheet.push(Object.fromEntries(fields.map((f) => [f.label.zh, ''])))
  return sheet
}

/** The resources registerExport serves, by name: what the 下载中心 producer `resource.xlsx` makes. */
const exported = new Map<string, { def: ResourceDef; table: PgTable }>()

registerProducer('resource.xlsx', {
  fileExt: 'xlsx',
  async run({ data, params, progress }) {
    const target = exported.get(String(params.resource))
    if (!target) throw new Error(`没有可导出的资源：${String(params.resource)}`)
    const sheet = await exportSheet(data, target.def, target.table, params.query as Row, progress)
    return Readable.from([xlsxOf(target.def.label.zh, sheet)])
  },
})

/**
 * `GET <base>/page-export`: the rows the list filters select (tenant and data scope applied), as xlsx;
 * with `asyncTask=true` (the screen asks so for more than 20,000 rows) a 下载任务 makes it instead.
 */
export function registerExport(app: FastifyInstance, def: ResourceDef, table: PgTable, fileName: string) {
  exported.set(def.name, { def, table })
  app.get(
    `${def.basePath}/page-export`,
    { schema: { querystring: z.record(z.string(), z.unknown()) } },
    async (request, reply) => {
      const { asyncTask, ...query } = request.query as Row
      if (wantsAsync({ asyncTask }))
        return reply.send(
          await queuedExport(
            dataOf(request),
            { resource: def.name, query },
            {
              bizType: 'base',
              bizId: `${def.name}:xlsx`,
              taskName: `${def.label.zh}导出`,
              producer: 'resource.xlsx',
              fileName: fileName.replace(/\.xlsx$/, ''),
            },
          ),
        )
      const data = dataOf(request, { tenant: query.tenantId ?? query.tenantId_equal })
      return sendXlsx(reply, fileName, def.label.zh, await exportSheet(data, def, table, query))
    },
  )
}

/** Spreadsheet cells keyed by header → values keyed by field name, labels translated to keys. */
function rowFromSheet(fields: FieldDef[], choices: Record<string, Choice[]>, cells: Row): Row {
  const byHeader = new Map<string, FieldDef>()
  for (const f of fields) for (const key of [f.label.zh, f.label.en, f.name]) byHeader.set(clean(key), f)
  const out: Row = {}
  for (const [header, raw] of Object.entries(cells)) {
    const f = byHeader.get(clean(header))
    if (!f || raw === null || raw === undefined) continue
    const text = raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).trim()
    const list = choices[f.name]
    out[f.name] = list?.length
      ? text
          .split(/[,，、]/)
          .map((p) => p.trim())
          .filter(Boolean)
          .map((p) => list.find((c) => c.label === p)?.value ?? p)
          .join(',')
      : text
  }
  return out
}

/** The rows of an import: a JSON array (or `{rows}` / `{data}`) of field values, or an uploaded xlsx. */
async function readImportRows(request: FastifyRequest, def: ResourceDef, db: Db): Promise<Row[]> {
  if (request.isMultipart()) {
    const file = await request.file()
    if (!file) bad('请上传导入文件')
    const buffer = await file!.toBuffer()
    const XLSX = sheetjs()
    let book: WorkBook
    try {
      book = XLSX.read(buffer, { type: 'buffer', cellDates: true })
    } catch {
      return bad('导入文件不是有效的 Excel 文件')
    }
    const sheet = book.Sheets[book.SheetNames[0]]
    if (!sheet) bad('导入文件没有工作表')
    const cells = XLSX.utils.sheet_to_json<Row>(sheet, { defval: null, raw: true })
    const fields = sheetFields(def)
    const choices = await fieldChoices(db, fields)
    return cells.map((c) => rowFromSheet(fields, choices, c))
  }
  const body = request.body as unknown
  const rows = Array.isArray(body) ? body : ((body as Row | null)?.rows ?? (body as Row | null)?.data)
  if (!Array.isArray(rows)) bad('导入数据格式不正确，应为数据行数组')
  if ((rows as unknown[]).some((r) => r === null || typeof r !== 'object' || Array.isArray(r)))
    bad('导入数据格式不正确，每一行应为对象')
  return rows as Row[]
}

export interface ImportOptions {
  hooks?: ResourceHooks
  /** The route, when not `<basePath>/importData` (e.g. `/api/lab/labroom/saveImportLoom`). */
  path?: string
}

/**
 * `POST <base>/importData`: every row checked like a submit (required fields, types, patterns, unique
 * keys against the file and the tenant's rows), then written in one transaction. Any bad row refuses
 * the whole import with messages naming the spreadsheet line (`第3行: 工号不能为空`; the header is
 * line 1, so the first row is line 2). `isCovered=1` updates rows whose unique key already exists.
 */
export function registerImport(
  app: FastifyInstance,
  def: ResourceDef,
  table: PgTable,
  options: ImportOptions = {},
) {
  const access = resourceAccess(def, table)
  const columns = table as unknown as Record<string, PgColumn>
  const schema = entitySchema(def)
  const uniqueFields = def.fields.filter((f) => f.unique)
  const key = uniqueFields[0]

  app.post(options.path ?? `${def.basePath}/importData`, async (request) => {
    const user = requireUser(request)
    const covered = ['1', 'true'].includes(String((request.query as Row).isCovered ?? ''))
    const rows = await readImportRows(request, def, app.db)
    if (!rows.length) bad('导入数据不能为空')
    if (rows.length > MAX_ROWS) bad(`单次导入不能超过${MAX_ROWS}行`)
    const { tenantId, conds } = await access.scopeConditions(app, request)

    const errors: string[] = []
    const parsed: { line: number; row: Row }[] = []
    const seen = new Map<string, Map<string, number>>(uniqueFields.map((f) => [f.name, new Map()]))
    rows.forEach((raw, index) => {
      const line = index + 2
      const rowErrors: string[] = []
      for (const f of def.fields) {
        const v = raw[f.name]
        if (f.required && f.form !== false && (v === undefined || v === null || String(v).trim() === ''))
          rowErrors.push(`${f.label.zh}不能为空`)
      }
      if (!rowErrors.length) {
        const result = schema.safeParse({ ...raw, id: undefined })
        if (!result.success) rowErrors.push(...new Set(result.error.issues.map((i) => i.message)))
        else {
          const row = result.data as Row
          delete row.id
          for (const f of uniqueFields) {
            const v = row[f.name]
            if (v === undefined || v === '') continue
            const first = seen.get(f.name)!.get(String(v))
            if (first) rowErrors.push(`${f.label.zh}“${String(v)}”与第${first}行重复`)
            else seen.get(f.name)!.set(String(v), line)
          }
          if (!rowErrors.length) parsed.push({ line, row })
        }
      }
      for (const e of rowErrors) errors.push(`第${line}行: ${e}`)
    })
    refuseIfAny(errors)

    // Existing rows by unique value (only live rows of this tenant, within the caller's data scope for updates).
    const existing = new Map<string, Map<string, string>>()
    for (const f of uniqueFields) {
      const values = [...seen.get(f.name)!.keys()]
      const found = new Map<string, string>()
      for (let i = 0; i < values.length; i += 1000) {
        const chunk = values.slice(i, i + 1000)
        const hits = await app.db
          .select({ id: columns.id, v: columns[f.name] })
          .from(table)
          .where(
            and(
              def.tenant ? dataOfTenant(app.db, tenantId).rows(table) : liveRows(table),
              inArray(columns[f.name], chunk),
            ),
          )
        for (const h of hits) found.set(String(h.v), String(h.id))
      }
      existing.set(f.name, found)
    }
    const updates = new Map<number, string>()
    for (const { line, row } of parsed) {
      const keyId = key ? existing.get(key.name)!.get(String(row[key.name])) : undefined
      if (keyId && covered) updates.set(line, keyId)
      for (const f of uniqueFields) {
        const id = existing.get(f.name)!.get(String(row[f.name]))
        if (id && id !== updates.get(line))
          errors.push(`第${line}行: ${f.unique!.zh}（${String(row[f.name])}）`)
      }
    }
    refuseIfAny(errors)

    let inserted = 0
    let updated = 0
    await dataOf(request).transaction(async (data) => {
      const db = data.db
      const now = new Date()
      const lineErrors: string[] = []
      const inserts: Row[] = []
      for (const { line, row } of parsed) {
        const id = updates.get(line)
        try {
          await options.hooks?.beforeSave?.({ db, data, request, row, isNew: !id, tenantId })
        } catch (e) {
          if (e instanceof BizError) {
            lineErrors.push(`第${line}行: ${e.message}`)
            continue
          }
          throw e
        }
        if (id) {
          const result = await db
            .update(table)
            .set({ ...row, updateUser: user.userId, updateTime: now } as never)
            .where(and(...conds.filter(Boolean), eq(columns.id, id)))
            .returning({ id: columns.id })
          if (!result.length) lineErrors.push(`第${line}行: 无权修改已存在的数据`)
          updated++
          continue
        }
        const insert: Row = {
          ...row,
          id: nextId(),
          createUser: user.userId,
          createDept: user.deptIds[0] ?? null,
          createTime: now,
        }
        Object.assign(insert, { updateUser: user.userId, updateTime: now, isDeleted: 0 })
        for (const f of def.fields)
          if (insert[f.name] === undefined && f.default !== undefined) insert[f.name] = f.default
        if (def.tenant) insert.tenantId = tenantId
        inserts.push(insert)
      }
      // Throwing here rolls back every row written above.
      refuseIfAny(lineErrors)
      // New rows go in batches (hooks check links to other tables, never rows of the same import).
      for (let i = 0; i < inserts.length; i += INSERT_BATCH) {
        await db.insert(table).values(inserts.slice(i, i + INSERT_BATCH) as never)
      }
      inserted = inserts.length
    })
    return ok({ total: parsed.length, inserted, updated }, `导入成功：新增${inserted}条，更新${updated}条`)
  })
}

/** Refuses an import whole with its first messages (`第3行: …；…共N处错误，未导入任何数据`). */
export function refuseIfAny(errors: string[]) {
  if (!errors.length) return
  const shown = errors.slice(0, MAX_MESSAGES).join('；')
  bad(
    errors.length > MAX_MESSAGES
      ? `${shown}；……共${errors.length}处错误，未导入任何数据`
      : `${shown}。未导入任何数据`,
  )
}

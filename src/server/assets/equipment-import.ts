import type { FastifyInstance } from 'fastify'
import { equipmentResource, LEFT_STOCK_STATUS } from '../../shared/resources/assets/equipment'
import { entitySchema } from '../../shared/resource/validate'
import type { FieldDef } from '../../shared/resource/types'
import { equipmentApi, type ImportRowErrors } from '../../shared/api/assets'
import type { Data } from '../core/data'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { route } from '../core/route'
import { assetsEquipment, assetsEquipmentChange } from '../db/schema'
import { checkEquipment, loadLinks } from './equipment-rules'
import { equipmentNumbers } from './numbering'
import { purchaseYear, takenNumbers } from './equipment-routes'

type Row = Record<string, unknown>

/** A school's register in one file: the import bench moves 50,000 rows. */
export const MAX_IMPORT_ROWS = 50000
/** Messages a refused commit names in its `msg` (the dry run answers every row). */
const MAX_MESSAGES = 20
/** Rows handed to the data layer at a time within the import's one transaction. */
const INSERT_CHUNK = 1000
/** 50,000 rows of JSON run to about 20 MB. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024

const schema = entitySchema(equipmentResource)

function rowsOf(body: unknown): Row[] {
  const rows = Array.isArray(body) ? body : ((body as Row | null)?.rows ?? (body as Row | null)?.data)
  if (!Array.isArray(rows)) bad('导入数据格式不正确，应为数据行数组')
  const list = rows as unknown[]
  if (list.some((r) => r === null || typeof r !== 'object' || Array.isArray(r)))
    bad('导入数据格式不正确，每一行应为对象')
  if (!list.length) bad('导入数据不能为空')
  if (list.length > MAX_IMPORT_ROWS) bad(`单次导入不能超过${MAX_IMPORT_ROWS}行`)
  return list as Row[]
}

/**
 * Every row checked as a submit would be (the definition's schema, the register's rules, links),
 * plus 仪器编号 against the file and the tenant's live rows. Answers the clean rows and the refused
 * ones by spreadsheet line (header = line 1, so the first row is line 2).
 */
async function checkRows(data: Data, raw: Row[]) {
  const errors: ImportRowErrors[] = []
  const clean: { line: number; row: Row }[] = []
  const parsed = raw.map((r) => schema.safeParse({ ...r, id: undefined }))
  const links = await loadLinks(
    data,
    parsed.flatMap((p) => (p.success ? [p.data as Row] : [])),
  )
  const seen = new Map<string, number>()
  parsed.forEach((p, i) => {
    const line = i + 2
    let messages: string[]
    if (!p.success) messages = [...new Set(p.error.issues.map((x) => x.message))]
    else {
      const row = p.data as Row
      delete row.id
      messages = checkEquipment(row, links)
      const no = typeof row.equipmentNo === 'string' ? row.equipmentNo : ''
      if (no) {
        const first = seen.get(no)
        if (first) messages.push(`仪器编号“${no}”与第${first}行重复`)
        else seen.set(no, line)
      }
      if (!messages.length) clean.push({ line, row })
    }
    if (messages.length) errors.push({ line, errors: messages })
  })
  const numbers = [...seen.keys()]
  for (let i = 0; i < numbers.length; i += 1000) {
    const taken = await takenNumbers(data)(numbers.slice(i, i + 1000))
    for (const no of taken) errors.push({ line: seen.get(no)!, errors: [`仪器编号“${no}”已存在`] })
  }
  errors.sort((a, b) => a.line - b.line)
  return { errors, clean }
}

function refusal(errors: ImportRowErrors[]): string {
  const lines = errors.flatMap((e) => e.errors.map((m) => `第${e.line}行: ${m}`))
  const shown = lines.slice(0, MAX_MESSAGES).join('；')
  return lines.length > MAX_MESSAGES
    ? `${shown}；……共${lines.length}处错误，未导入任何数据`
    : `${shown}。未导入任何数据`
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let x = e as { code?: unknown; cause?: unknown } | undefined; x; x = x.cause as typeof x)
    if (x.code === '23505') return true
  return false
}

/**
 * Writes the clean rows in one transaction: 仪器编号 for rows without one (per 购置 year), the rows
 * in batches, and a history line for each item entered as already gone (丢失/报废/调出).
 */
async function commit(data: Data, rows: Row[]): Promise<number> {
  return data.transaction(async (tx) => {
    const byYear = new Map<number, Row[]>()
    for (const row of rows) {
      for (const f of equipmentResource.fields as readonly FieldDef[])
        if (row[f.name] === undefined && f.default !== undefined) row[f.name] = f.default
      if (row.equipmentNo) continue
      const year = purchaseYear(row)
      const list = byYear.get(year)
      if (list) list.push(row)
      else byYear.set(year, [row])
    }
    for (const [year, list] of byYear) {
      const numbers = await equipmentNumbers(tx, year, list.length, takenNumbers(tx))
      list.forEach((row, i) => (row.equipmentNo = numbers[i]))
    }
    // In chunks: the repo stamps a copy of what it is given, and a copy of the whole file at once
    // is what the server's peak memory is made of.
    let written = 0
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK)
      const ids = await tx.repo(assetsEquipment).insert(chunk as never)
      written += ids.length
      const gone = chunk.flatMap((row, k) =>
        (LEFT_STOCK_STATUS as readonly number[]).includes(Number(row.statusCode))
          ? [
              {
                equipmentId: ids[k],
                changeType: 1,
                changeDate: String(row.scrapDate),
                fromStatus: 1,
                toStatus: Number(row.statusCode),
                fromPrice: String(row.price),
                toPrice: String(row.price),
                origin: 'import',
              },
            ]
          : [],
      )
      await tx.repo(assetsEquipmentChange).insert(gone)
    }
    return written
  })
}

/**
 * `POST /api/assets/equipment/importData`: rows of the import dialog (field values, labels already
 * turned into codes). `dryRun=1` checks everything and writes nothing, answering each refused row;
 * otherwise any refused row refuses the whole file (400, nothing written), else all rows go in.
 */
export function registerEquipmentImport(app: FastifyInstance) {
  route(
    app,
    equipmentApi.importData,
    async ({ data, query, body }) => {
      const raw = rowsOf(body)
      const { errors, clean } = await checkRows(data, raw)
      if (query.dryRun)
        return ok(
          { total: raw.length, inserted: 0, dryRun: true, errors },
          errors.length ? '校验未通过' : '校验通过',
        )
      if (errors.length) bad(refusal(errors))
      let inserted: number
      try {
        inserted = await commit(
          data,
          clean.map((c) => c.row),
        )
      } catch (e) {
        if (isUniqueViolation(e)) bad('仪器编号已被占用（可能有人同时导入），未导入任何数据，请重新导入')
        throw e
      }
      return ok({ total: raw.length, inserted, dryRun: false, errors: [] }, `导入成功：新增${inserted}条`)
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  )
}

import { setImmediate as nextTurn } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { equipmentResource, LEFT_STOCK_STATUS } from '../../shared/resources/assets/equipment'
import { rowChecker } from '../../shared/resource/validate'
import type { FieldDef } from '../../shared/resource/types'
import { equipmentApi, type ImportRowErrors } from '../../shared/api/assets'
import type { Data } from '../core/data'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { route } from '../core/route'
import { assetsEquipment, assetsEquipmentChange } from '../db/schema'
import { checkEquipment, loadLinks, type EquipmentLinks } from './equipment-rules'
import { equipmentNumbers } from './numbering'
import { purchaseYear, takenNumbers } from './equipment-routes'

type Row = Record<string, unknown>

/** A school's register in one file: the import bench moves 50,000 rows. */
export const MAX_IMPORT_ROWS = 50000
/** Messages a refused commit names in its `msg` (the dry run answers every row). */
const MAX_MESSAGES = 20
/**
 * Rows checked (and, on a commit, written) at a time. The file is gone through slice by slice and
 * each slice's rows are let go once written, so the server holds one slice of checked rows, not a
 * checked copy of the whole file beside the request's.
 */
const SLICE = 1000
/** 50,000 rows of JSON run to about 20 MB. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024

const checkRow = rowChecker(equipmentResource)
const fields = equipmentResource.fields as readonly FieldDef[]

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

const LINK_FIELDS = ['deptSerial', 'labSerial', 'classCode'] as const

/** One import going through the file: what the slices share. */
interface ImportRun {
  data: Data
  /** Write the clean slices (a commit) or only check (a dry run). */
  write: boolean
  /** Refused rows by spreadsheet line (header = line 1, so the first row is line 2). */
  errors: ImportRowErrors[]
  /** 仪器编号 typed in the file → the first line that has it. */
  typed: Map<string, number>
  /** 仪器编号 this commit took from the sequence for rows without one → the line given it. */
  numbered: Map<string, number>
  written: number
  /** The 院系号, 实验室编号 and 分类号 looked up so far, and what they found. */
  asked: Record<(typeof LINK_FIELDS)[number], Set<string>>
  links: EquipmentLinks | null
}

/** The links of a slice's rows: only values no earlier slice named are looked up. */
async function linksOf(run: ImportRun, rows: Row[]): Promise<EquipmentLinks> {
  const unasked = rows.filter((r) =>
    LINK_FIELDS.some((f) => typeof r[f] === 'string' && r[f] !== '' && !run.asked[f].has(r[f])),
  )
  if (!unasked.length && run.links) return run.links
  const found = await loadLinks(run.data, unasked)
  for (const r of unasked) for (const f of LINK_FIELDS) if (typeof r[f] === 'string') run.asked[f].add(r[f])
  const before = run.links
  run.links = before
    ? {
        depts: new Set([...before.depts, ...found.depts]),
        labs: new Set([...before.labs, ...found.labs]),
        classes: {
          detailed: found.classes.detailed,
          has: (code) => before.classes.has(code) || found.classes.has(code),
        },
      }
    : found
  return run.links
}

/** A row that passed every check, with its spreadsheet line. */
interface Checked {
  line: number
  row: Row
}

/**
 * The rows of one slice checked as a submit would be (the definition's schema, the register's rules,
 * links), plus 仪器编号 against the file so far and the tenant's live rows. Records the refused rows
 * in `run.errors`; answers the clean ones.
 */
async function checkSlice(run: ImportRun, raw: Row[], firstLine: number): Promise<Checked[]> {
  const parsed = raw.map(checkRow)
  const links = await linksOf(
    run,
    parsed.flatMap((p) => (p.success ? [p.data] : [])),
  )
  const checked = parsed.map((p, k) => {
    const line = firstLine + k
    if (!p.success) return { line, row: null, messages: [...new Set(p.messages)] }
    const row = p.data
    const messages = checkEquipment(row, links)
    const no = typeof row.equipmentNo === 'string' ? row.equipmentNo : ''
    if (no) {
      const typedAt = run.typed.get(no)
      const numberedAt = run.numbered.get(no)
      if (typedAt) messages.push(`仪器编号“${no}”与第${typedAt}行重复`)
      else if (numberedAt) messages.push(`仪器编号“${no}”与第${numberedAt}行自动生成的仪器编号重复`)
      else run.typed.set(no, line)
    }
    return { line, row, messages }
  })
  // Numbers new to the file: a live row holding one was there before this import.
  const fresh = checked.flatMap((c) => {
    const no = c.row?.equipmentNo
    return typeof no === 'string' && no && run.typed.get(no) === c.line ? [no] : []
  })
  const taken = fresh.length ? await takenNumbers(run.data)(fresh) : new Set<string>()
  const clean: Checked[] = []
  for (const c of checked) {
    if (c.row && taken.has(String(c.row.equipmentNo)))
      c.messages.push(`仪器编号“${String(c.row.equipmentNo)}”已存在`)
    if (c.messages.length) run.errors.push({ line: c.line, errors: c.messages })
    else clean.push({ line: c.line, row: c.row! })
  }
  return clean
}

/**
 * Writes a slice's clean rows inside the import's transaction: 仪器编号 for rows without one (per
 * 购置 year, skipping numbers the tenant or the file already uses), the rows, and a history line for
 * each item entered as already gone (丢失/报废/调出).
 */
async function writeSlice(run: ImportRun, checked: Checked[]) {
  const { data } = run
  const rows = checked.map((c) => c.row)
  const byYear = new Map<number, number[]>()
  rows.forEach((row, k) => {
    for (const f of fields) if (row[f.name] === undefined && f.default !== undefined) row[f.name] = f.default
    if (row.equipmentNo) return
    const year = purchaseYear(row)
    byYear.set(year, [...(byYear.get(year) ?? []), k])
  })
  const inUse = async (candidates: string[]) => {
    const taken = await takenNumbers(data)(candidates)
    for (const c of candidates) if (run.typed.has(c)) taken.add(c)
    return taken
  }
  for (const [year, indexes] of byYear) {
    const numbers = await equipmentNumbers(data, year, indexes.length, inUse)
    indexes.forEach((k, i) => {
      rows[k]!.equipmentNo = numbers[i]
      run.numbered.set(numbers[i]!, checked[k]!.line)
    })
  }
  const ids = await data.repo(assetsEquipment).insertMany(rows as never)
  run.written += ids.length
  const gone = rows.flatMap((row, k) =>
    (LEFT_STOCK_STATUS as readonly number[]).includes(Number(row.statusCode))
      ? [
          {
            equipmentId: ids[k]!,
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
  await data.repo(assetsEquipmentChange).insert(gone)
}

/**
 * Goes through the file slice by slice: each slice is checked, and on a commit written while no row
 * so far was refused. The request's rows of a slice are let go once it is done. After a refused row
 * the rest is still checked (a dry run answers every row) but nothing more is written.
 */
async function runImport(run: ImportRun, raw: Row[]) {
  for (let start = 0; start < raw.length; start += SLICE) {
    const slice = raw.slice(start, start + SLICE)
    raw.fill(null as never, start, start + slice.length)
    const clean = await checkSlice(run, slice, start + 2)
    if (run.write && !run.errors.length) await writeSlice(run, clean)
    // PGlite answers within the same turn (it runs in this thread), so without this the whole file
    // went through in one turn of the event loop: every other request waited ≈ 10 s, and V8's
    // incremental marking (a task of the loop) could not run.
    await nextTurn()
  }
  run.errors.sort((a, b) => a.line - b.line)
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
 * `POST /api/assets/equipment/importData`: rows of the import dialog (field values, labels already
 * turned into codes). `dryRun=1` checks everything and writes nothing, answering each refused row;
 * otherwise the rows are checked and written slice by slice in one transaction, and any refused row
 * anywhere in the file rolls it back (400 naming the rows, nothing written).
 */
export function registerEquipmentImport(app: FastifyInstance) {
  route(
    app,
    equipmentApi.importData,
    async ({ data, query, body }) => {
      const raw = rowsOf(body)
      const total = raw.length
      const fresh = (d: Data, write: boolean): ImportRun => ({
        data: d,
        write,
        errors: [],
        typed: new Map(),
        numbered: new Map(),
        written: 0,
        asked: { deptSerial: new Set(), labSerial: new Set(), classCode: new Set() },
        links: null,
      })
      if (query.dryRun) {
        const run = fresh(data, false)
        await runImport(run, raw)
        return ok(
          { total, inserted: 0, dryRun: true, errors: run.errors },
          run.errors.length ? '校验未通过' : '校验通过',
        )
      }
      let inserted: number
      try {
        inserted = await data.transaction(async (tx) => {
          const run = fresh(tx, true)
          await runImport(run, raw)
          if (run.errors.length) bad(refusal(run.errors))
          return run.written
        })
      } catch (e) {
        if (isUniqueViolation(e)) bad('仪器编号已被占用（可能有人同时导入），未导入任何数据，请重新导入')
        throw e
      }
      return ok({ total, inserted, dryRun: false, errors: [] }, `导入成功：新增${inserted}条`)
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  )
}

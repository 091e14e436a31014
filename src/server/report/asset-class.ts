import { asc, count, eq, ilike, inArray, like, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WorkBook } from 'xlsx'
import { assetClassApi, type AssetClass } from '../../shared/api/report'
import {
  ASSET_CLASS_TOP,
  canonicalClassCode,
  parentClassCode,
} from '../../shared/resources/report/asset-class'
import { isPlatformAdmin } from '../core/context'
import { ok } from '../core/envelope'
import { nextId } from '../core/ids'
import { bad, ForbiddenError } from '../core/errors'
import { requireUser } from '../core/scope'
import { route } from '../core/route'
import type { Data, NewRowOf } from '../core/data'
import type { Db } from '../db/client'
import { sysAssetClass } from '../db/schema'
import { refuseIfAny } from '../base/spreadsheet'
import { sheetjs } from '../core/sheetjs'

const MAX_FILE = 20 * 1024 * 1024
const MAX_ROWS = 100000
const DEFAULT_SIZE = 200

type Row = typeof sysAssetClass.$inferSelect

/** The catalogue's 16 大类 on first start (the detailed codes come from the administrator's import). */
export async function seedAssetClasses(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(sysAssetClass)
  if (Number(n) > 0) return
  await db.insert(sysAssetClass).values(
    ASSET_CLASS_TOP.map(([code, name]) => ({
      id: nextId(),
      code,
      name,
      parentCode: '',
      level: 1,
      status: 1,
      isDeleted: 0,
      createTime: new Date(),
    })),
  )
}

async function withChildren(data: Data, rows: Row[]): Promise<AssetClass[]> {
  const codes = rows.map((r) => r.code ?? '')
  const parents = new Set<string>()
  if (codes.length) {
    const kids = await data.db
      .selectDistinct({ parent: sysAssetClass.parentCode })
      .from(sysAssetClass)
      .where(data.rows(sysAssetClass, inArray(sysAssetClass.parentCode, codes)))
    for (const k of kids) if (k.parent) parents.add(k.parent)
  }
  return rows.map((r) => ({
    id: r.id,
    code: r.code ?? '',
    name: r.name ?? '',
    parentCode: r.parentCode ?? '',
    level: r.level ?? 1,
    hasChildren: parents.has(r.code ?? ''),
  }))
}

/** What is known of a set of 分类号 (for F-11 and the equipment forms). */
export interface AssetClassCatalogue {
  /** The catalogue holds detailed (8-digit) codes, not only the seeded 大类. */
  detailed: boolean
  /** Whether an 8-digit 分类号 names an entry (itself, or its parent when padded with "00"). */
  has(code: string): boolean
}

/** Loads the entries the given 分类号 could name, in one query. */
export async function assetClassCatalogue(data: Data, codes: Iterable<string>): Promise<AssetClassCatalogue> {
  const wanted = new Set<string>()
  for (const c of codes) if (/^\d{8}$/.test(c)) wanted.add(canonicalClassCode(c))
  const repo = data.repo(sysAssetClass)
  const detailed = await repo.exists(eq(sysAssetClass.level, 4))
  const known = new Set<string>()
  const list = [...wanted]
  for (let i = 0; i < list.length; i += 5000)
    for (const f of await repo.find([inArray(sysAssetClass.code, list.slice(i, i + 5000))]))
      if (f.code) known.add(f.code)
  return { detailed, has: (code) => known.has(canonicalClassCode(code)) }
}

const clean = (s: string) => s.replace(/[\s*＊()（）]/g, '')

/** Cells of a sheet → [line, code, name]; numeric codes get back their leading zero. */
function readSheet(buffer: Buffer): { line: number; code: string; name: string }[] {
  const XLSX = sheetjs()
  let book: WorkBook
  try {
    book = XLSX.read(buffer, { type: 'buffer' })
  } catch {
    return bad('导入文件不是有效的 Excel 文件')
  }
  const sheet = book.Sheets[book.SheetNames[0] ?? '']
  if (!sheet) return bad('导入文件没有工作表')
  const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null, raw: true })
  const header = (cells[0] ?? []).map((h) => clean(String(h ?? '')))
  const codeAt = header.findIndex((h) => h === '分类号' || h === '分类编码' || h === '编码')
  const nameAt = header.findIndex((h) => h === '分类名称' || h === '名称')
  if (codeAt < 0) bad('缺少列：分类号')
  if (nameAt < 0) bad('缺少列：分类名称')
  const out: { line: number; code: string; name: string }[] = []
  cells.slice(1).forEach((row, i) => {
    const rawCode = row[codeAt]
    const rawName = row[nameAt]
    if ((rawCode === null || rawCode === '') && (rawName === null || rawName === '')) return
    // A numeric cell lost its leading zero (3040501 → 03040501).
    const digits = typeof rawCode === 'number' ? String(Math.trunc(rawCode)) : ''
    const code = digits ? (digits.length % 2 ? `0${digits}` : digits) : String(rawCode ?? '').trim()
    out.push({ line: i + 2, code, name: String(rawName ?? '').trim() })
  })
  return out
}

/**
 * The uploaded workbook: multipart `file`, or JSON `{file: {name, base64}}` as the 导入分类编码 dialog
 * sends it (the SJ screens' importData does the same).
 */
async function fileOf(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    const file = (request.body as { file?: { base64?: unknown } } | null)?.file
    if (typeof file?.base64 !== 'string') return bad('请上传导入文件')
    const bytes = Buffer.from(file.base64, 'base64')
    if (!bytes.length) bad('请上传导入文件')
    if (bytes.length > MAX_FILE) bad('文件不能超过 20MB')
    return bytes
  }
  const file = await request.file({ limits: { fileSize: MAX_FILE } })
  if (!file) return bad('请上传导入文件')
  const buffer = await file.toBuffer()
  if (file.file.truncated) bad('文件不能超过 20MB')
  return buffer
}

export function registerAssetClassRoutes(app: FastifyInstance) {
  route(
    app,
    assetClassApi.list,
    async ({ query, data }) => {
      const size = query.size ?? DEFAULT_SIZE
      const conds: (SQL | undefined)[] = []
      const code = query.code ? canonicalClassCode(query.code) : ''
      if (query.code) conds.push(like(sysAssetClass.code, `${code}%`))
      if (query.name) conds.push(ilike(sysAssetClass.name, `%${query.name.replace(/[%_\\]/g, '\\$&')}%`))
      if (query.parentCode !== undefined || (!query.code && !query.name))
        conds.push(eq(sysAssetClass.parentCode, query.parentCode ? canonicalClassCode(query.parentCode) : ''))
      const rows = await data
        .repo(sysAssetClass)
        .find(conds, { sort: [asc(sysAssetClass.code)], limit: size })
      return ok(await withChildren(data, rows))
    },
    // Reference data read by the 分类号 pickers of every area (equipment, reports).
    { config: { anyUser: true } },
  )

  route(app, assetClassApi.importData, async ({ request, data }) => {
    if (!isPlatformAdmin(requireUser(request))) throw new ForbiddenError('资产分类编码由平台管理员维护')
    const lines = readSheet(await fileOf(request))
    if (!lines.length) bad('导入数据不能为空')
    if (lines.length > MAX_ROWS) bad(`单次导入不能超过${MAX_ROWS}行`)
    const errors: string[] = []
    const byCode = new Map<string, { line: number; name: string }>()
    for (const { line, code, name } of lines) {
      const canonical = /^(\d{2}){1,4}$/.test(code) ? canonicalClassCode(code) : ''
      if (!canonical) errors.push(`第${line}行: 分类号“${code}”应为2、4、6或8位数字`)
      else if (!name) errors.push(`第${line}行: 分类名称不能为空`)
      else if (name.length > 100) errors.push(`第${line}行: 分类名称不能超过100个字符`)
      else if (byCode.has(canonical))
        errors.push(`第${line}行: 分类号“${code}”与第${byCode.get(canonical)!.line}行重复`)
      else byCode.set(canonical, { line, name })
    }
    refuseIfAny(errors)
    return ok(
      await data.transaction(async (tx) => {
        const existing = new Map<string, Row>()
        for (const r of await tx.repo(sysAssetClass).find()) if (r.code) existing.set(r.code, r)
        const known = new Set([...existing.keys(), ...byCode.keys()])
        const parentOf = (code: string) => {
          for (let p = parentClassCode(code); p; p = parentClassCode(p)) if (known.has(p)) return p
          return ''
        }
        let inserted = 0
        let updated = 0
        const fresh: NewRowOf<typeof sysAssetClass>[] = []
        for (const [code, { name }] of byCode) {
          const values = { name, parentCode: parentOf(code), level: code.length / 2 }
          const old = existing.get(code)
          if (old) {
            await tx.repo(sysAssetClass).update(old.id, values)
            updated++
          } else {
            fresh.push({ code, ...values })
            inserted++
          }
        }
        await tx.repo(sysAssetClass).insert(fresh)
        // Entries imported earlier without their parent now hang under it.
        for (const [code, row] of existing)
          if (!byCode.has(code) && !row.parentCode && code.length > 2 && parentOf(code))
            await tx.repo(sysAssetClass).update(row.id, { parentCode: parentOf(code) })
        return { total: byCode.size, inserted, updated }
      }),
      '导入成功',
    )
  })
}

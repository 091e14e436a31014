import { asc, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { regionTransferApi } from '../../shared/api/system'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { route } from '../core/route'
import { region } from '../db/schema'
import { refuseIfAny, sendXlsx } from '../base/spreadsheet'
import { requirePlatformAdmin } from './guards'
import { REGION_ROOT } from './region-routes'
import { sheetjs } from '../core/sheetjs'

/** The sheet's columns, in order; an export imports back unchanged. */
const COLUMNS = {
  code: '区划编号',
  parentCode: '上级区划编号',
  name: '区划名称',
  regionLevel: '层级',
  sort: '排序',
  remark: '备注',
} as const

const MAX_ROWS = 50000
const CODE = /^\d{2,12}$/

type RegionRow = typeof region.$inferInsert

const cell = (row: Record<string, unknown>, header: string) => {
  const v = row[header]
  return v === null || v === undefined ? '' : String(v).trim()
}

/** Checks every row; answers the rows to write, or the Chinese errors naming their lines. */
function readRows(sheet: Record<string, unknown>[]) {
  const errors: string[] = []
  const rows: (RegionRow & { line: number })[] = []
  const seen = new Map<string, number>()
  sheet.forEach((raw, i) => {
    const line = i + 2
    const code = cell(raw, COLUMNS.code)
    const parentCode = cell(raw, COLUMNS.parentCode) || REGION_ROOT
    const name = cell(raw, COLUMNS.name)
    const level = cell(raw, COLUMNS.regionLevel)
    const sort = cell(raw, COLUMNS.sort) || '0'
    const problems: string[] = []
    if (!CODE.test(code)) problems.push('区划编号应为2至12位数字')
    if (parentCode !== REGION_ROOT && !CODE.test(parentCode)) problems.push('上级区划编号应为2至12位数字')
    if (code && parentCode === code) problems.push('上级区划不能是自身')
    if (!name) problems.push('区划名称不能为空')
    else if (name.length > 64) problems.push('区划名称不能超过64个字符')
    if (!/^[1-5]$/.test(level)) problems.push('层级应为1至5')
    if (!/^\d{1,6}$/.test(sort)) problems.push('排序应为非负整数')
    const first = seen.get(code)
    if (CODE.test(code) && first) problems.push(`区划编号与第${first}行重复`)
    else if (CODE.test(code)) seen.set(code, line)
    for (const p of problems) errors.push(`第${line}行：${p}`)
    if (!problems.length)
      rows.push({
        line,
        code,
        parentCode,
        name,
        regionLevel: Number(level),
        sort: Number(sort),
        remark: cell(raw, COLUMNS.remark).slice(0, 255) || null,
      })
  })
  return { rows, errors }
}

/** 行政区划 导出 and 导入 (platform-wide rows, written by the platform administrator only). */
export function registerRegionTransfer(app: FastifyInstance) {
  route(app, regionTransferApi.exportRegion, async ({ reply, data }) => {
    const rows = await data.db.select().from(region).orderBy(asc(region.code))
    const sheet = rows.map((r) => ({
      [COLUMNS.code]: r.code,
      [COLUMNS.parentCode]: r.parentCode,
      [COLUMNS.name]: r.name,
      [COLUMNS.regionLevel]: r.regionLevel,
      [COLUMNS.sort]: r.sort,
      [COLUMNS.remark]: r.remark ?? '',
    }))
    if (!sheet.length) sheet.push(Object.fromEntries(Object.values(COLUMNS).map((h) => [h, ''])) as never)
    return sendXlsx(reply, '行政区划.xlsx', '行政区划', sheet)
  })

  route(app, regionTransferApi.importRegion, async ({ query, request, data }) => {
    requirePlatformAdmin(request, '行政区划仅平台管理员可以导入')
    if (!request.isMultipart()) return bad('请上传行政区划Excel文件')
    const file = await request.file()
    if (!file) return bad('请上传行政区划Excel文件')
    const XLSX = sheetjs()
    let sheet: Record<string, unknown>[]
    try {
      const book = XLSX.read(await file.toBuffer(), { type: 'buffer' })
      const first = book.Sheets[book.SheetNames[0]]
      sheet = first
        ? XLSX.utils.sheet_to_json<Record<string, unknown>>(first, { defval: null, raw: false })
        : []
    } catch {
      return bad('导入文件不是有效的 Excel 文件')
    }
    if (!sheet.length) bad('导入数据不能为空')
    if (sheet.length > MAX_ROWS) bad(`单次导入不能超过${MAX_ROWS}行`)
    const { rows, errors } = readRows(sheet)
    refuseIfAny(errors)

    const covered = query.isCovered === '1'
    return data.transaction(async (tx) => {
      const codes = rows.map((r) => r.code)
      const existing = new Map<string, string | null>()
      for (let i = 0; i < codes.length; i += 1000) {
        const found = await tx.db
          .select({ code: region.code, ancestors: region.ancestors })
          .from(region)
          .where(inArray(region.code, codes.slice(i, i + 1000)))
        for (const f of found) existing.set(f.code, f.ancestors)
      }
      const problems: string[] = []
      if (!covered)
        for (const r of rows)
          if (existing.has(r.code)) problems.push(`第${r.line}行：区划编号${r.code}已存在`)
      // Parents come from the file or the table; ancestors are the path from the root.
      const inFile = new Map(rows.map((r) => [r.code, r]))
      const missing = [...new Set(rows.map((r) => r.parentCode))].filter(
        (p) => p !== REGION_ROOT && !inFile.has(p),
      )
      const parents = new Map<string, string | null>()
      for (let i = 0; i < missing.length; i += 1000) {
        const found = await tx.db
          .select({ code: region.code, ancestors: region.ancestors })
          .from(region)
          .where(inArray(region.code, missing.slice(i, i + 1000)))
        for (const f of found) parents.set(f.code, f.ancestors)
      }
      const ancestors = new Map<string, string>()
      const ancestorsOf = (code: string, trail: Set<string>): string | null => {
        if (code === REGION_ROOT) return ''
        const known = ancestors.get(code)
        if (known !== undefined) return known
        const row = inFile.get(code)
        if (!row) return parents.has(code) ? (parents.get(code) ?? REGION_ROOT) : null
        if (trail.has(code)) return null
        trail.add(code)
        const above = ancestorsOf(row.parentCode, trail)
        if (above === null) return null
        const path = row.parentCode === REGION_ROOT ? REGION_ROOT : `${above},${row.parentCode}`
        ancestors.set(code, path)
        return path
      }
      for (const r of rows)
        if (ancestorsOf(r.code, new Set()) === null)
          problems.push(`第${r.line}行：上级区划${r.parentCode}不存在或形成循环`)
      refuseIfAny(problems)

      const values = rows.map(({ line: _line, ...r }) => ({ ...r, ancestors: ancestors.get(r.code)! }))
      for (let i = 0; i < values.length; i += 1000)
        await tx.db
          .insert(region)
          .values(values.slice(i, i + 1000))
          .onConflictDoUpdate({
            target: region.code,
            set: {
              parentCode: sql`excluded.parent_code`,
              ancestors: sql`excluded.ancestors`,
              name: sql`excluded.name`,
              regionLevel: sql`excluded.region_level`,
              sort: sql`excluded.sort`,
              remark: sql`excluded.remark`,
            },
          })
      const updated = rows.filter((r) => existing.has(r.code)).length
      const inserted = rows.length - updated
      return ok({ inserted, updated }, `导入成功：新增${inserted}条，更新${updated}条`)
    })
  })
}

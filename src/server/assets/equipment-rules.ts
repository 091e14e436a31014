import { inArray } from 'drizzle-orm'
import type { Data } from '../core/data'
import { dept, labInfo } from '../db/schema'
import { assetClassCatalogue, type AssetClassCatalogue } from '../report/asset-class'
import { LEFT_STOCK_STATUS } from '../../shared/resources/assets/equipment'

type Row = Record<string, unknown>

/**
 * What an equipment row names elsewhere, looked up once per batch (a 50,000-row import names a
 * handful of colleges and labs): 院系号 in `blade_dept`, 实验室编号 in `lab_info`, 分类号 in the
 * `sys_asset_class` catalogue (checked once it holds the detailed codes: a fresh installation has only
 * the 16 大类 until the administrator imports the catalogue).
 */
export interface EquipmentLinks {
  depts: Set<string>
  labs: Set<string>
  classes: AssetClassCatalogue
}

/** A 2-, 4- or 6-digit 分类号 is padded with "00" to 8 digits (the SJ1 rule for a code without an exact entry). */
export const padClassCode = (code: string) => (/^(\d{2}){1,3}$/.test(code) ? code.padEnd(8, '0') : code)

const distinct = (rows: Row[], field: string) => [
  ...new Set(rows.map((r) => r[field]).filter((v): v is string => typeof v === 'string' && v !== '')),
]

async function existing(values: string[], find: (chunk: string[]) => Promise<string[]>) {
  const found = new Set<string>()
  for (let i = 0; i < values.length; i += 1000)
    for (const v of await find(values.slice(i, i + 1000))) found.add(v)
  return found
}

export async function loadLinks(data: Data, rows: Row[]): Promise<EquipmentLinks> {
  const depts = await existing(distinct(rows, 'deptSerial'), async (chunk) =>
    (await data.repo(dept).find([inArray(dept.serial, chunk)])).map((d) => String(d.serial)),
  )
  const classes = await assetClassCatalogue(data, distinct(rows, 'classCode').map(padClassCode))
  const labs = await existing(distinct(rows, 'labSerial'), async (chunk) =>
    (await data.repo(labInfo).find([inArray(labInfo.serial, chunk)])).map((l) => String(l.serial)),
  )
  return { depts, labs, classes }
}

const isLeft = (status: unknown) => (LEFT_STOCK_STATUS as readonly number[]).includes(Number(status))

export const today = () => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/**
 * The register's rules for one whole row (after the definition's schema): 单价 in 元 with at most two
 * decimals, 购置日期 not in the future, 减少日期 exactly when 现状 has left the stock (丢失, 报废,
 * 调出) and not before 购置日期, links that exist. Normalises the row in place; answers the messages.
 */
export function checkEquipment(row: Row, links: EquipmentLinks, now = today()): string[] {
  const errors: string[] = []
  const price = Number(row.price)
  if (Number.isFinite(price)) {
    if (Math.abs(price * 100 - Math.round(price * 100)) > 1e-6) errors.push('单价最多保留两位小数')
    else if (price <= 0) errors.push('单价必须大于0')
    else row.price = price.toFixed(2)
  }
  const purchase = typeof row.purchaseDate === 'string' ? row.purchaseDate : ''
  if (purchase && purchase > now) errors.push('购置日期不能晚于今天')
  if (isLeft(row.statusCode)) {
    const scrap = typeof row.scrapDate === 'string' ? row.scrapDate : ''
    if (!scrap) errors.push('现状为丢失、报废或调出时请填写减少日期')
    else if (purchase && scrap < purchase) errors.push('减少日期不能早于购置日期')
    else if (scrap > now) errors.push('减少日期不能晚于今天')
  } else row.scrapDate = null
  if (typeof row.deptSerial === 'string' && row.deptSerial && !links.depts.has(row.deptSerial))
    errors.push(`使用单位“${row.deptSerial}”不存在`)
  if (typeof row.labSerial === 'string' && row.labSerial && !links.labs.has(row.labSerial))
    errors.push(`实验室“${row.labSerial}”不存在`)
  if (typeof row.classCode === 'string') row.classCode = padClassCode(row.classCode)
  if (links.classes.detailed && typeof row.classCode === 'string' && !links.classes.has(row.classCode))
    errors.push(`分类号“${row.classCode}”不在《高等学校固定资产分类及编码》中`)
  return errors
}

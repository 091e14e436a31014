import { and, asc, desc, sql, type SQL, type AnyColumn } from 'drizzle-orm'
import { toCamel } from '../../shared/resource/types'
import { bad } from './errors'

/** Query keys that are never filters (contract 3). */
export const RESERVED_KEYS = new Set(['current', 'size', 'ascs', 'descs', 'blade-auth', '_t'])

const SUFFIXES = [
  'notequal',
  'equal',
  'notlike',
  'likeleft',
  'likeright',
  'like',
  'datege',
  'dategt',
  'dateequal',
  'datelt',
  'datele',
  'ge',
  'le',
  'gt',
  'lt',
  'notnull',
  'null',
  'ignore',
] as const
type Suffix = (typeof SUFFIXES)[number]

export interface Paging {
  current: number
  size: number
}

export function parsePaging(query: Record<string, unknown>, defaults = { size: 10 }): Paging {
  const current = query.current === undefined || query.current === '' ? 1 : Number(query.current)
  const size = query.size === undefined || query.size === '' ? defaults.size : Number(query.size)
  if (!Number.isInteger(current) || current < 1 || current > 1_000_000) bad('分页参数 current 不正确')
  // Flow definitions are fetched with size 10000 (spec 9); nothing larger is served in one page.
  if (!Number.isInteger(size) || size < 1 || size > 10000) bad('分页参数 size 不正确')
  return { current, size }
}

export const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`)

function splitKey(key: string): { field: string; op: Suffix | 'bare' } {
  for (const s of SUFFIXES) {
    if (key.endsWith(`_${s}`)) return { field: key.slice(0, -(s.length + 1)), op: s }
  }
  return { field: key, op: 'bare' }
}

/**
 * Columns holding secrets or their hashes are never a filter or sort key: BladeX accepts any column
 * (`password_likeright=a`), which would turn a masked column into an oracle.
 */
const SECRET_FIELDS = new Set(['password', 'secretKey', 'clientSecret', 'aesKey', 'licenseKey'])
const refuseSecret = (field: string, message: string) => {
  if (SECRET_FIELDS.has(toCamel(field.trim()))) bad(message)
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/

/**
 * BladeX filters (`Condition.getQueryWrapper`): every extra query key is a filter on the column of
 * the same name; a bare key is LIKE, suffixes pick other operators. Keys naming no column are ignored,
 * as are empty values. `columns` maps camelCase field names to columns.
 */
export function filterConditions(
  query: Record<string, unknown>,
  columns: Record<string, AnyColumn>,
  skip: Set<string> = new Set(),
): SQL[] {
  const out: SQL[] = []
  for (const [rawKey, rawValue] of Object.entries(query)) {
    if (RESERVED_KEYS.has(rawKey) || skip.has(rawKey)) continue
    const { field, op } = splitKey(rawKey)
    if (op === 'ignore') continue
    refuseSecret(field, '不能按密码或密钥查询')
    const column = columns[field] ?? columns[toCamel(field)]
    if (!column) continue
    if (op === 'null' || op === 'notnull') {
      out.push(op === 'null' ? sql`${column} is null` : sql`${column} is not null`)
      continue
    }
    if (rawValue === undefined || rawValue === null || rawValue === '') continue
    if (Array.isArray(rawValue) || typeof rawValue === 'object') bad(`查询参数 ${rawKey} 格式不正确`)
    const value = String(rawValue)
    if (value.length > 500) bad(`查询参数 ${rawKey} 过长`)
    const text = sql`cast(${column} as text)`
    switch (op) {
      case 'bare':
      case 'like':
        out.push(sql`${text} like ${`%${escapeLike(value)}%`}`)
        break
      case 'notlike':
        out.push(sql`${text} not like ${`%${escapeLike(value)}%`}`)
        break
      case 'likeleft':
        out.push(sql`${text} like ${`%${escapeLike(value)}`}`)
        break
      case 'likeright':
        out.push(sql`${text} like ${`${escapeLike(value)}%`}`)
        break
      case 'equal':
        out.push(sql`${text} = ${value}`)
        break
      case 'notequal':
        out.push(sql`${text} <> ${value}`)
        break
      case 'ge':
      case 'le':
      case 'gt':
      case 'lt': {
        const cmp = { ge: sql`>=`, le: sql`<=`, gt: sql`>`, lt: sql`<` }[op]
        const numeric = Number(value)
        if (Number.isFinite(numeric) && /^-?\d+(\.\d+)?$/.test(value))
          out.push(sql`${column} ${cmp} ${numeric}`)
        else if (DATE_RE.test(value)) out.push(sql`${column} ${cmp} ${value}`)
        else bad(`查询参数 ${rawKey} 必须是数字或日期`)
        break
      }
      default: {
        // date comparisons: compare on the date part, as BladeX does with DATE_FORMAT
        if (!DATE_RE.test(value)) bad(`查询参数 ${rawKey} 日期格式不正确`)
        const day = value.slice(0, 10)
        const left = sql`cast(${column} as date)`
        const cmp = { datege: sql`>=`, dategt: sql`>`, dateequal: sql`=`, datelt: sql`<`, datele: sql`<=` }[
          op
        ]
        out.push(sql`${left} ${cmp} ${day}::date`)
      }
    }
  }
  return out
}

/** `ascs`/`descs`: comma-joined column names (camel or snake); unknown names are refused. */
export function orderBy(
  query: Record<string, unknown>,
  columns: Record<string, AnyColumn>,
  fallback: SQL[],
): SQL[] {
  const out: SQL[] = []
  for (const [key, dir] of [
    ['ascs', asc],
    ['descs', desc],
  ] as const) {
    const v = query[key]
    if (v === undefined || v === '') continue
    for (const name of String(v)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      refuseSecret(name, '不能按密码或密钥排序')
      const column = columns[name] ?? columns[toCamel(name)]
      if (!column) bad(`排序字段 ${name} 不存在`)
      out.push(dir(column!))
    }
  }
  return out.length ? out : fallback
}

export const allOf = (conditions: (SQL | undefined)[]) => and(...conditions.filter((c): c is SQL => !!c))

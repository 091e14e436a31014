import type { ResourceDef } from '../../shared/resource/types'
import { toSnake } from '../../shared/resource/types'
import { searchFields } from './fields'

/**
 * Turns the search form, the sort state and the pager into BladeX query keys (contract 3): a bare
 * key filters with LIKE, `<name>_equal` matches exactly, and a date range becomes
 * `<name>_dategt` / `<name>_datelt`; sorting is `ascs` / `descs` with snake_case column names.
 */

/** Search form values: text for LIKE and equal fields, `[from, to]` (yyyy-MM-dd) for date ranges. */
export type SearchValues = Record<string, string | [string, string] | undefined>

export interface SortState {
  /** camelCase field name, e.g. `paramKey` or `createTime`. */
  field: string
  desc: boolean
}

export interface Paging {
  current: number
  size: number
}

export type Query = Record<string, string | number>

export const PAGE_SIZES = [10, 30, 50, 100, 200] as const
export const DEFAULT_PAGE_SIZE = 10

/** Shifts a yyyy-MM-dd date by whole days (calendar arithmetic in UTC, so no time zone drift). */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number)
  const t = new Date(Date.UTC(y, m - 1, d + days))
  return t.toISOString().slice(0, 10)
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The filter keys of the search form; empty inputs send nothing. */
export function searchQuery(def: ResourceDef, values: SearchValues): Query {
  const out: Query = {}
  for (const f of searchFields(def)) {
    const v = values[f.name]
    if (v === undefined) continue
    if (f.search === 'daterange') {
      const [from, to] = Array.isArray(v) ? v : ['', '']
      // The server compares strictly (dategt/datelt on the date part), so a range picked as
      // "from .. to" inclusive is sent as the day before and the day after.
      if (DAY.test(from)) out[`${f.name}_dategt`] = shiftDay(from, -1)
      if (DAY.test(to)) out[`${f.name}_datelt`] = shiftDay(to, 1)
      continue
    }
    const text = (Array.isArray(v) ? v.join(',') : v).trim()
    if (text === '') continue
    out[f.search === 'equal' ? `${f.name}_equal` : f.name] = text
  }
  return out
}

export function sortQuery(sort: SortState | null): Query {
  if (!sort) return {}
  return { [sort.desc ? 'descs' : 'ascs']: toSnake(sort.field) }
}

/** Everything the page asks `page` (or `list`) with. */
export function listQuery(
  def: ResourceDef,
  values: SearchValues,
  sort: SortState | null,
  paging?: Paging,
): Query {
  return {
    ...searchQuery(def, values),
    ...sortQuery(sort),
    ...(paging ? { current: paging.current, size: paging.size } : {}),
  }
}

export const pagesOf = (total: number, size: number): number => Math.max(1, Math.ceil(total / size))

/**
 * Who sees which 首页 statistics: administrators and the lab office (staff) only; a college's staff
 * see their own college whatever `collegeSerialNum` says, the school's staff and administrators the
 * whole school or the college they name. Answers may be cached per (tenant, scope, call) for up to five
 * minutes; `refresh=1` bypasses and refills the cache.
 */
import { inArray } from 'drizzle-orm'
import { isAdministrator } from '../../core/context'
import type { Data } from '../../core/data'
import { ForbiddenError } from '../../core/errors'
import { dept } from '../../db/schema'
import { callerCollege } from '../../report/scope'
import { termIdOf } from '../../teach/schedule/term'
import type { HomeAvailable } from '../../../shared/api/home'

export interface HomeScope {
  /** The 院系号 the figures are limited to, or null for the whole school. */
  college: string | null
  refresh: boolean
}

export interface HomeFilters {
  academicYearId?: string
  collegeSerialNum?: string
  refresh?: string
}

/** The lab office's roles: administrators and staff see the statistics, others only their own week. */
export const seesStatistics = (data: Data): boolean =>
  isAdministrator(data.me) || data.me.roleAliases.includes('staff')

export async function homeScope(data: Data, q: HomeFilters): Promise<HomeScope> {
  if (!seesStatistics(data)) throw new ForbiddenError('只有管理员和实验室管理人员可以查看统计')
  const own = await callerCollege(data)
  return {
    college: own ? own.serial : (q.collegeSerialNum ?? null),
    refresh: q.refresh === '1' || q.refresh === 'true',
  }
}

/** The term of the teaching figures: the one named, else the current one (null when none is set). */
export async function homeTerm(data: Data, academicYearId?: string): Promise<string | null> {
  if (academicYearId) return academicYearId
  return termIdOf(data).catch(() => null)
}

export const NOTHING: HomeAvailable = { labs: false, equipment: false, teaching: false, open: false }

/** College names by 院系号 (a serial without a dept keeps the serial as its name). */
export async function collegeNames(data: Data, serials: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(serials)].filter(Boolean)
  if (!wanted.length) return new Map()
  const rows = await data.db
    .select({ serial: dept.serial, name: dept.deptName })
    .from(dept)
    .where(data.rows(dept, inArray(dept.serial, wanted)))
  const names = new Map(rows.map((r) => [String(r.serial), r.name]))
  return new Map(wanted.map((s) => [s, names.get(s) ?? s]))
}

const TTL_MS = 5 * 60 * 1000
const cache = new Map<string, { at: number; value: Promise<unknown> }>()

/**
 * The answer of `key` for this tenant and scope, computed at most every five minutes; a second asker
 * while it is being computed (首页 mounted twice, two staff signing in) waits for the same answer.
 */
export async function cached<T>(
  data: Data,
  scope: HomeScope,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const full = `${data.tenantId}|${scope.college ?? '*'}|${key}`
  const hit = cache.get(full)
  if (!scope.refresh && hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>
  const value = compute()
  if (cache.size > 500) cache.clear()
  cache.set(full, { at: Date.now(), value })
  value.catch(() => {
    if (cache.get(full)?.value === value) cache.delete(full) // a failure is not kept
  })
  return value
}

/** Empties the cache (the bench measures every dashboard run uncached). */
export const forgetCachedStatistics = () => cache.clear()

/** Sums rounded to two decimals (areas, money, hours). */
export const round2 = (n: number) => Math.round(n * 100) / 100

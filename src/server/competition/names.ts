import { inArray, sql } from 'drizzle-orm'
import type { Data } from '../core/data'
import { baseClass, baseMajor, baseTeacher, dept, user } from '../db/schema'

/** Names the lists show beside the codes rows keep (院系号, 班级编号, teacher and account ids). */

const present = (values: (string | null | undefined)[]) => [
  ...new Set(values.filter((v): v is string => typeof v === 'string' && v !== '')),
]

/** Splits a comma-joined id list. */
export const splitIds = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

export async function collegeNames(
  data: Data,
  serials: (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = present(serials)
  if (!wanted.length) return new Map()
  const rows = await data.repo(dept).find([inArray(dept.serial, wanted)])
  return new Map(rows.map((r) => [String(r.serial), r.deptName]))
}

export async function classNames(
  data: Data,
  classNos: (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = present(classNos)
  if (!wanted.length) return new Map()
  const rows = await data.repo(baseClass).find([inArray(baseClass.classNo, wanted)])
  return new Map(rows.map((r) => [String(r.classNo), String(r.className ?? r.classNo)]))
}

export async function majorNames(
  data: Data,
  serials: (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = present(serials)
  if (!wanted.length) return new Map()
  const rows = await data.repo(baseMajor).find([inArray(baseMajor.majorSerial, wanted)])
  return new Map(rows.map((r) => [String(r.majorSerial), String(r.majorName ?? r.majorSerial)]))
}

export async function teacherNames(
  data: Data,
  ids: (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = present(ids.flatMap((v) => splitIds(v)))
  if (!wanted.length) return new Map()
  const rows = await data.repo(baseTeacher).find([inArray(baseTeacher.id, wanted)])
  return new Map(rows.map((r) => [String(r.id), String(r.teacherName ?? '')]))
}

export async function userNames(
  data: Data,
  ids: (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = present(ids)
  if (!wanted.length) return new Map()
  const rows = await data.repo(user).find([inArray(user.id, wanted)])
  return new Map(rows.map((r) => [r.id, r.realName || r.name || r.account]))
}

/** Names joined from a comma-joined id list. */
export const joinNames = (ids: string | null | undefined, names: Map<string, string>, sep = '、') =>
  splitIds(ids)
    .map((id) => names.get(id) ?? '')
    .filter(Boolean)
    .join(sep)

/**
 * Laboratories (`lab_info`, the labs area) by id, when that table exists: an application names the lab it
 * relies on (A.3, SJ6 #12). Read by name so this area does not depend on the labs schema.
 */
export async function labOptions(data: Data, ids?: string[]): Promise<{ value: string; label: string }[]> {
  const exists = (await data.db.execute(
    sql`select to_regclass('lab_info') is not null as present`,
  )) as unknown as {
    rows: { present: boolean }[]
  }
  if (!exists.rows[0]?.present) return []
  const only = ids
    ? sql`and id in (${sql.join(ids.length ? ids.map((i) => sql`${i}`) : [sql`null`], sql`, `)})`
    : sql``
  const res = (await data.db.execute(
    sql`select id::text as value, lab_name as label from lab_info
        where tenant_id = ${data.tenantId} and is_deleted = 0 ${only} order by lab_name limit 2000`,
  )) as unknown as { rows: { value: string; label: string }[] }
  return res.rows
}

/** A base-data column as text (their definitions type every column loosely). */
export const text = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : String(v)

/** A decimal column (numeric text) as a number, or null. */
export const num = (v: unknown): number | null =>
  v === null || v === undefined || v === '' ? null : Number(v)

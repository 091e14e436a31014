import { inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { baseMajor, dept } from '../db/schema'
import { dataOfTenant } from '../core/data'

type Row = Record<string, unknown>

const serialsOf = (rows: Row[], field: string) => [
  ...new Set(rows.map((r) => r[field]).filter((v): v is string => typeof v === 'string' && v !== '')),
]

/** College names by 院系号 within one tenant. */
export async function collegeNames(
  db: Db,
  tenantId: string,
  serials: string[],
): Promise<Map<string, string>> {
  if (!serials.length) return new Map()
  const rows = await db
    .select({ serial: dept.serial, name: dept.deptName })
    .from(dept)
    .where(dataOfTenant(db, tenantId).rows(dept, inArray(dept.serial, serials)))
  return new Map(rows.map((r) => [String(r.serial), r.name]))
}

/** Major names by 专业号 within one tenant. */
export async function majorNames(db: Db, tenantId: string, serials: string[]): Promise<Map<string, string>> {
  if (!serials.length) return new Map()
  const rows = await db
    .select({ serial: baseMajor.majorSerial, name: baseMajor.majorName })
    .from(baseMajor)
    .where(dataOfTenant(db, tenantId).rows(baseMajor, inArray(baseMajor.majorSerial, serials)))
  return new Map(rows.map((r) => [String(r.serial), String(r.name)]))
}

/** Adds `deptName` and `majorName` to rows that carry `deptSerial` / `majorSerial` (the list shows names). */
export async function withNames(db: Db, tenantId: string, rows: Row[]): Promise<Row[]> {
  const colleges = await collegeNames(db, tenantId, serialsOf(rows, 'deptSerial'))
  const majors = await majorNames(db, tenantId, serialsOf(rows, 'majorSerial'))
  return rows.map((r) => ({
    ...r,
    ...('deptSerial' in r ? { deptName: colleges.get(String(r.deptSerial)) ?? '' } : {}),
    ...('majorSerial' in r ? { majorName: r.majorName ?? majors.get(String(r.majorSerial)) ?? '' } : {}),
  }))
}

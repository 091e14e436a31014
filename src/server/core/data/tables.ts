import { and, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'

/**
 * The conventions every table of ours follows (BladeX BaseEntity): `id`, the audit columns, soft
 * delete by `is_deleted`, and `tenant_id` on tenant-owned tables. This file is the one place that
 * writes a tenant or soft-delete condition; everything else asks the data layer for it.
 */
export type Columns = Record<string, PgColumn>

/** A table's columns by camelCase name (drizzle tables are their columns). */
export const columnsOf = (table: PgTable): Columns => table as unknown as Columns

export const isTenantOwned = (table: PgTable): boolean => 'tenantId' in columnsOf(table)
export const isSoftDeleted = (table: PgTable): boolean => 'isDeleted' in columnsOf(table)

/**
 * The rows of `table` that exist for `tenantId`: live (not soft-deleted) and, when the table is
 * tenant-owned, the tenant's own. Undefined only for a platform table without soft delete.
 */
export function ownedRows(table: PgTable, tenantId: string): SQL | undefined {
  const c = columnsOf(table)
  const parts: SQL[] = []
  if (c.isDeleted) parts.push(eq(c.isDeleted, 0))
  if (c.tenantId) parts.push(eq(c.tenantId, tenantId))
  return parts.length ? and(...parts) : undefined
}

/**
 * Every row `tenantId` ever wrote, soft-deleted ones included: for numbers that are never given twice
 * (实验室编号, 实验编号) even after the row holding one was deleted.
 */
export function tenantRows(table: PgTable, tenantId: string): SQL | undefined {
  const c = columnsOf(table)
  return c.tenantId ? eq(c.tenantId, tenantId) : undefined
}

/** Live rows of any tenant (a platform job that works per row's own tenant, e.g. a sweeper). */
export function liveRows(table: PgTable): SQL | undefined {
  const c = columnsOf(table)
  return c.isDeleted ? eq(c.isDeleted, 0) : undefined
}

import {
  customType,
  index,
  pgTable,
  timestamp,
  integer,
  varchar,
  type AnyPgColumn,
  type IndexBuilder,
  type PgColumnBuilderBase,
  type UniqueConstraintBuilder,
} from 'drizzle-orm/pg-core'

/** BladeX ids are 64-bit and travel as strings (contract 3); they stay strings in JS too. */
export const id = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  toDriver: (value) => value,
  fromDriver: (value) => String(value),
})

/** The audit columns every BladeX entity carries (BaseEntity / TenantEntity). */
export function auditColumns() {
  return {
    createUser: id('create_user'),
    createDept: id('create_dept'),
    createTime: timestamp('create_time', { mode: 'date', withTimezone: false }).defaultNow(),
    updateUser: id('update_user'),
    updateTime: timestamp('update_time', { mode: 'date', withTimezone: false }).defaultNow(),
    status: integer('status').default(1).notNull(),
    isDeleted: integer('is_deleted').default(0).notNull(),
  }
}

export const tenantColumn = () => varchar('tenant_id', { length: 12 }).notNull().default('000000')

/**
 * A tenant-owned table that is not a plain resource (link rows, counters, records a process writes):
 * `id`, `tenant_id` (indexed), the given columns and the audit columns, so the data layer scopes it
 * like any resource. `extra` adds indexes over the built columns.
 */
export function tenantTable<C extends Record<string, PgColumnBuilderBase>>(
  name: string,
  columns: C,
  extra: (
    t: Record<keyof C | 'id' | 'tenantId', AnyPgColumn>,
  ) => (IndexBuilder | UniqueConstraintBuilder)[] = () => [],
) {
  return pgTable(
    name,
    { id: id('id').primaryKey(), tenantId: tenantColumn(), ...columns, ...auditColumns() },
    (t) => [
      index(`${name}_tenant_idx`).on(t.tenantId),
      ...extra(t as unknown as Record<keyof C | 'id' | 'tenantId', AnyPgColumn>),
    ],
  )
}

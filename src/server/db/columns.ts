import { customType, timestamp, integer, varchar } from 'drizzle-orm/pg-core'

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

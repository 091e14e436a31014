/** Sign-in state the server keeps in the database (it is stateless otherwise). */
import { pgTable, varchar, text, integer, timestamp, boolean, index, uniqueIndex } from 'drizzle-orm/pg-core'
import { id } from '../columns'

/** One captcha challenge; deleted on first use; valid 30 minutes. */
export const captcha = pgTable('lab_captcha', {
  key: varchar('key', { length: 64 }).primaryKey(),
  /** Lowercase expected answer. */
  code: varchar('code', { length: 16 }).notNull(),
  expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
})

/**
 * A sign-in session = one refresh-token family. Each refresh rotates `refresh_jti`; presenting an
 * older refresh token of the family revokes the whole session.
 */
export const authSession = pgTable(
  'lab_auth_session',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: id('user_id').notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    /** The dept/role the session was issued for (Dept-Id / Role-Id headers), empty for all. */
    deptId: varchar('dept_id', { length: 64 }),
    roleId: varchar('role_id', { length: 64 }),
    refreshJti: varchar('refresh_jti', { length: 64 }).notNull(),
    revoked: boolean('revoked').default(false).notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).defaultNow().notNull(),
    expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
  },
  (t) => [index('lab_auth_session_user_idx').on(t.userId)],
)

/** Failed sign-ins per (tenant, account) within a 30-minute window. */
export const loginFailure = pgTable(
  'lab_login_failure',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    account: varchar('account', { length: 64 }).notNull(),
    count: integer('count').default(0).notNull(),
    windowStart: timestamp('window_start', { mode: 'date' }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('lab_login_failure_uq').on(t.tenantId, t.account)],
)

/** Per-installation settings (the JWT secret, the permission cache version, ...). */
export const setting = pgTable('lab_setting', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
})

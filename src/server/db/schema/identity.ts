/**
 * Tenants, clients, users, roles, menus, departments and scopes: the BladeX identity tables
 * (blade_tenant, blade_client, blade_user, blade_role, blade_menu, blade_dept, ...). Column names are
 * BladeX's, so imported BladeX data maps one to one.
 */
import { sql } from 'drizzle-orm'
import { pgTable, varchar, text, integer, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core'
import { auditColumns, id, tenantColumn } from '../columns'

export const tenant = pgTable(
  'blade_tenant',
  {
    id: id('id').primaryKey(),
    /** Six digits; `000000` is the platform tenant. */
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    tenantName: varchar('tenant_name', { length: 50 }).notNull(),
    domain: varchar('domain', { length: 255 }),
    backgroundUrl: varchar('background_url', { length: 1000 }),
    linkman: varchar('linkman', { length: 20 }),
    contactNumber: varchar('contact_number', { length: 20 }),
    address: varchar('address', { length: 255 }),
    /** Maximum number of accounts; -1 means unlimited. */
    accountNumber: integer('account_number').default(-1).notNull(),
    /** Null means never expires. */
    expireTime: timestamp('expire_time', { mode: 'date' }),
    packageId: id('package_id'),
    datasourceId: id('datasource_id'),
    licenseKey: varchar('license_key', { length: 1000 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('blade_tenant_tenant_id_uq').on(t.tenantId)],
)

export const client = pgTable(
  'blade_client',
  {
    id: id('id').primaryKey(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    /** Argon2id hash of the client secret. */
    clientSecret: varchar('client_secret', { length: 256 }).notNull(),
    resourceIds: varchar('resource_ids', { length: 256 }),
    scope: varchar('scope', { length: 256 }).default('all').notNull(),
    authorizedGrantTypes: varchar('authorized_grant_types', { length: 256 }).notNull(),
    webServerRedirectUri: varchar('web_server_redirect_uri', { length: 256 }),
    authorities: varchar('authorities', { length: 256 }),
    accessTokenValidity: integer('access_token_validity').default(3600).notNull(),
    refreshTokenValidity: integer('refresh_token_validity').default(604800).notNull(),
    additionalInformation: varchar('additional_information', { length: 4096 }),
    autoapprove: varchar('autoapprove', { length: 256 }),
    /** Key for `autoLogin` (AES); null means autoLogin is refused for this client. */
    aesKey: varchar('aes_key', { length: 128 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('blade_client_client_id_uq').on(t.clientId)],
)

export const user = pgTable(
  'blade_user',
  {
    id: id('id').primaryKey(),
    tenantId: tenantColumn(),
    code: varchar('code', { length: 50 }),
    /** 1 web, 2 app, 3 other (BladeX UserEnum). */
    userType: integer('user_type').default(1).notNull(),
    account: varchar('account', { length: 45 }).notNull(),
    /** Argon2id over the client's md5 (or an imported BladeX sha1(md5), upgraded on first sign-in). */
    password: varchar('password', { length: 256 }).notNull(),
    name: varchar('name', { length: 50 }),
    realName: varchar('real_name', { length: 50 }),
    avatar: varchar('avatar', { length: 1000 }),
    email: varchar('email', { length: 100 }),
    phone: varchar('phone', { length: 45 }),
    birthday: timestamp('birthday', { mode: 'date' }),
    /** 1 male, 2 female, 3 unknown. */
    sex: integer('sex'),
    roleId: text('role_id'),
    deptId: text('dept_id'),
    postId: text('post_id'),
    oauthId: varchar('oauth_id', { length: 64 }),
    // status (from auditColumns): 1 active, 0 awaiting approval (guest registration).
    ...auditColumns(),
  },
  (t) => [
    index('blade_user_tenant_account_idx').on(t.tenantId, t.account),
    // The user page's default order within a tenant (create_time desc, id desc: this index read
    // backwards), so a page walks the index and stops early instead of sorting the whole tenant.
    index('blade_user_tenant_created_idx')
      .on(t.tenantId, t.createTime, t.id)
      .where(sql`${t.isDeleted} = 0`),
    // Name and account searches are `LIKE '%fragment%'`: trigram indexes serve fragments of 3+
    // characters (pg_trgm, created by runMigrations before the migrations run). Every search also
    // scans the index's pending list of recent inserts, which only a vacuum or a full list merges
    // (PGlite never autovacuums): the smallest list (64 kB) keeps searches fast after a bulk import
    // (0.2 ms instead of up to 17 ms over 100,000 users) and inserts nearly as fast as the default.
    index('blade_user_real_name_trgm_idx')
      .using('gin', t.realName.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 64 }),
    index('blade_user_account_trgm_idx')
      .using('gin', t.account.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 64 }),
  ],
)

/** Extra profile of a user by platform (BladeX blade_user_web / _app / _other, kept in one table). */
export const userOther = pgTable(
  'blade_user_other',
  {
    id: id('id').primaryKey(),
    userId: id('user_id').notNull(),
    userType: integer('user_type').default(1).notNull(),
    /** JSON text of the platform extension (`userExt`). */
    userExt: text('user_ext'),
    /** Free-form profile fields kept by `user-other/saveUserOther` (JSON text). */
    otherInfo: text('other_info'),
  },
  (t) => [uniqueIndex('blade_user_other_user_type_uq').on(t.userId, t.userType)],
)

export const role = pgTable(
  'blade_role',
  {
    id: id('id').primaryKey(),
    tenantId: tenantColumn(),
    parentId: id('parent_id').default('0').notNull(),
    roleName: varchar('role_name', { length: 255 }).notNull(),
    sort: integer('sort').default(0),
    roleAlias: varchar('role_alias', { length: 255 }).notNull(),
    isDeleted: integer('is_deleted').default(0).notNull(),
  },
  (t) => [index('blade_role_tenant_idx').on(t.tenantId)],
)

export const roleMenu = pgTable(
  'blade_role_menu',
  {
    id: id('id').primaryKey(),
    menuId: id('menu_id').notNull(),
    roleId: id('role_id').notNull(),
  },
  (t) => [index('blade_role_menu_role_idx').on(t.roleId)],
)

export const roleScope = pgTable(
  'blade_role_scope',
  {
    id: id('id').primaryKey(),
    /** 1 data scope, 2 API scope. */
    scopeCategory: integer('scope_category').notNull(),
    scopeId: id('scope_id').notNull(),
    roleId: id('role_id').notNull(),
  },
  (t) => [index('blade_role_scope_role_idx').on(t.roleId)],
)

export const menu = pgTable(
  'blade_menu',
  {
    id: id('id').primaryKey(),
    parentId: id('parent_id').default('0').notNull(),
    code: varchar('code', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    alias: varchar('alias', { length: 255 }),
    path: varchar('path', { length: 255 }),
    source: varchar('source', { length: 255 }),
    sort: integer('sort').default(0),
    /** 1 menu, 2 button. */
    category: integer('category').default(1).notNull(),
    /** Button action: 0 toolbar, 1 row, 2 both. */
    action: integer('action').default(0),
    /** 1 opens in a new window. */
    isOpen: integer('is_open').default(1),
    remark: varchar('remark', { length: 255 }),
    /** Comma-joined API paths/globs the menu or button uses (API-scope enforcement). */
    endpoints: text('endpoints'),
    isDeleted: integer('is_deleted').default(0).notNull(),
  },
  (t) => [index('blade_menu_parent_idx').on(t.parentId), uniqueIndex('blade_menu_code_uq').on(t.code)],
)

export const topMenu = pgTable('blade_top_menu', {
  id: id('id').primaryKey(),
  tenantId: tenantColumn(),
  code: varchar('code', { length: 255 }),
  name: varchar('name', { length: 255 }).notNull(),
  source: varchar('source', { length: 255 }),
  path: varchar('path', { length: 255 }),
  sort: integer('sort').default(0),
  ...auditColumns(),
})

export const topMenuSetting = pgTable(
  'blade_top_menu_setting',
  {
    id: id('id').primaryKey(),
    topMenuId: id('top_menu_id').notNull(),
    menuId: id('menu_id').notNull(),
  },
  (t) => [index('blade_top_menu_setting_top_idx').on(t.topMenuId)],
)

export const dept = pgTable(
  'blade_dept',
  {
    id: id('id').primaryKey(),
    tenantId: tenantColumn(),
    parentId: id('parent_id').default('0').notNull(),
    /** Comma-joined ids from the root down to the parent, e.g. `0,1123`. */
    ancestors: text('ancestors'),
    /** 1 company, 2 department, 3 group (BladeX dict org_category). */
    deptCategory: integer('dept_category').default(1),
    deptName: varchar('dept_name', { length: 45 }).notNull(),
    fullName: varchar('full_name', { length: 45 }),
    sort: integer('sort').default(0),
    remark: varchar('remark', { length: 255 }),
    /** 院系号: the college number used by the MOE reports. */
    serial: varchar('serial', { length: 20 }),
    isDeleted: integer('is_deleted').default(0).notNull(),
  },
  (t) => [index('blade_dept_tenant_idx').on(t.tenantId), index('blade_dept_parent_idx').on(t.parentId)],
)

const scopeColumns = () => ({
  id: id('id').primaryKey(),
  menuId: id('menu_id'),
  resourceCode: varchar('resource_code', { length: 255 }),
  scopeName: varchar('scope_name', { length: 255 }),
  scopeColumn: varchar('scope_column', { length: 255 }),
  /** Data: 1 all, 2 self, 3 own dept, 4 own dept and below, 5 custom. API: 1 all, 2 custom. */
  scopeType: integer('scope_type'),
  scopeValue: text('scope_value'),
  remark: varchar('remark', { length: 255 }),
  ...auditColumns(),
})

export const scopeData = pgTable('blade_scope_data', {
  ...scopeColumns(),
  scopeField: varchar('scope_field', { length: 255 }),
  scopeClass: varchar('scope_class', { length: 500 }),
  scopeVisible: varchar('scope_visible', { length: 255 }),
})

export const scopeApi = pgTable('blade_scope_api', {
  ...scopeColumns(),
  scopePath: varchar('scope_path', { length: 500 }),
})

/**
 * Permission sweep over every route the app registers: a signed-in caller whose role lacks the grant
 * gets 403 in the BladeX envelope with a Chinese message, no data, and nothing in the database changes.
 * Routes open without a token or to any signed-in user are listed below with their reason, so a new
 * route cannot become open unnoticed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray, sql } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createTenant, createUser } from '../../../tests/support/fixtures'
import { collectRoutes, type RegisteredRoute } from '../../../tests/support/routes'
import { menu, role, tenant, tenantPackage } from '../db/schema'
import { nextId } from '../core/ids'
import { menuRows } from '../seed/menus'
import { compileEndpoints, writeActionOf } from './permissions'
import { bumpPermissionVersion } from './settings'

type Route = RegisteredRoute
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`

/** Reachable without a token. */
const PUBLIC: Record<string, string> = {
  'POST /api/blade-auth/oauth/token': 'signing in',
  'GET /api/blade-auth/oauth/captcha': 'the sign-in form',
  'GET /api/blade-auth/oauth/clear-cache': 'BladeX no-op the shell calls on sign-out; answers success only',
  'POST /api/blade-auth/oauth/autoLogin': 'single sign-on; proven by the client secret and an AES proof',
  'GET /api/blade-auth/oauth/sso': 'whether a client signs in by the sign-on page (proven by the client)',
  'GET /api/blade-auth/oauth/authorize': 'the single sign-on page',
  'POST /api/blade-auth/oauth/authorize': 'the single sign-on form (account and password)',
  'GET /api/blade-system/tenant/info': 'the sign-in page asks which tenant a domain belongs to',
  'GET /api/blade-system/client-policy':
    'the desktop client reads the minimum client version before signing in: platform-wide, nothing tenant-specific',
  'GET /api/blade-user/checkRepetition2': 'guest self-registration checks the account before signing in',
  'POST /api/blade-user/register-guest': 'guest self-registration',
  'GET /api/blade-resource/oss/file/*': 'uploaded files behind random 128-bit names (img tags, documents)',
  'GET /api/lab/labroom/unAuthPage':
    '实验室浏览 lists rooms token-free (screens-notes 11); tenant from the token or Tenant-Id, rate-limited',
  'GET /api/teach/teachproject/noAuthPage':
    '实验室浏览 lists the 启用 experiment projects token-free (screens-notes 11, domain 9.12): no text fields, tenant from the token or Tenant-Id, rate-limited',
  'GET /api/safetyexam/safetyexamscore/qrCodeDetail':
    'a certificate QR code a lab scans: rate-limited (30/min per address), masked name and number, no score, the row’s own tenant, id and userCode must match',
}

/** Reachable by every signed-in user whatever their grants. */
const ANY_USER: Record<string, string> = {
  'GET /api/blade-auth/oauth/logout': 'ends the caller’s own session',
  'POST /api/blade-auth/oauth/logout': 'ends the caller’s own session (with error logs)',
  'GET /api/blade-auth/oauth/user-info': 'the caller’s own token claims',
  'GET /api/cms/category/lazy-list': 'the content site: enabled categories (readers), all (editors)',
  'GET /api/cms/category/tree': 'the content site: enabled categories (readers), all (editors)',
  'GET /api/cms/article/list': 'the content site: published articles (readers), all (editors)',
  'GET /api/cms/article/page': 'the content site: published articles (readers), all (editors)',
  'GET /api/cms/article/detail': 'the content site: a published article (readers), any (editors)',
  'GET /api/cms/article/bannerList': 'the home carousel: published banner articles',
  'GET /api/blade-system/menu/routes': 'the caller’s own menus',
  'GET /api/blade-system/menu/buttons': 'the caller’s own buttons',
  'GET /api/blade-system/menu/top-menu': 'the caller’s own top menus',
  'GET /api/blade-user/info': 'the caller’s own profile',
  'POST /api/blade-user/update-password': 'the caller’s own password',
  'POST /api/blade-user/update-info': 'the caller’s own profile',
  'GET /api/blade-desk/notice/page': 'notices of the own tenant are for everyone (home page)',
  'GET /api/blade-desk/notice/list': 'notices of the own tenant are for everyone (home page)',
  'GET /api/blade-desk/notice/detail': 'notices of the own tenant are for everyone (home page)',
  'GET /api/blade-desk/notice/getNotice': 'notices of the own tenant are for everyone (home page)',
  'GET /api/system/periodinfo/dictionary': 'the school calendar sets term defaults on every screen',
  'GET /api/system/academic/dictionary': 'the school calendar sets term defaults on every screen',
  'GET /api/system/academic/getYearList': 'the school calendar sets term defaults on every screen',
  'GET /api/system/academic/getSchoolYearList': 'the school calendar sets term defaults on every screen',
  'GET /api/system/academic/current': 'the school calendar sets term defaults on every screen',
  'GET /api/system/academic/getCurrent': 'the school calendar sets term defaults on every screen',
  'GET /api/system/edumajorinfo/lazy-list': 'national major catalogue read by forms of every area',
  'GET /api/system/edumajorinfo/tree': 'national major catalogue read by forms of every area',
  'GET /api/system/edumajorinfo/bigdictionary': 'national major catalogue read by forms of every area',
  'GET /api/system/edumajorinfo/dictionary': 'national major catalogue read by forms of every area',
  'GET /api/system/profession/lazy-list': 'national profession catalogue read by forms of every area',
  'GET /api/system/profession/tree': 'national profession catalogue read by forms of every area',
  'GET /api/blade-system/dict/dictionary': 'dictionaries label the values of every screen',
  'GET /api/blade-system/dict/dictionary-tree': 'dictionaries label the values of every screen',
  'GET /api/blade-system/dict-biz/dictionary': 'dictionaries label the values of every screen',
  'GET /api/blade-system/dict-biz/dictionary-tree': 'dictionaries label the values of every screen',
  'POST /api/blade-resource/oss/endpoint/put-file':
    'uploads from the forms of every area (avatars); no record kept',
  'GET /api/report/assetclass/list':
    'national asset-class catalogue read by the 分类号 pickers of every area',
}

/** Administration families: no teacher, student or guest reaches them. */
const ADMINISTRATION =
  /^\/api\/(blade-system|blade-user|blade-log|blade-develop|blade-resource|blade-report|external|secure)\//

/** Volatile tables every request may write (request logs, sessions, captchas). */
const VOLATILE = /^(blade_log_|lab_auth_session$|lab_captcha$|lab_login_failure$)/

async function fingerprint(): Promise<string> {
  const db = t.database.db
  const { rows } = (await db.execute(
    sql.raw(`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  )) as unknown as { rows: { tablename: string }[] }
  const parts: string[] = []
  for (const { tablename } of rows) {
    if (VOLATILE.test(tablename)) continue
    const res = (await db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${tablename}" t`,
      ),
    )) as unknown as { rows: { h: string }[] }
    parts.push(`${tablename}:${res.rows[0].h}`)
  }
  return parts.join('\n')
}

let t: TestServer
let routes: Route[]
const tokens: Record<string, string> = {}
const MARK = 'SWEEP-MARK-公告'

beforeAll(async () => {
  routes = await collectRoutes()
  t = await startTestServer()
  tokens.admin = await t.login()
  // A role holding nothing at all.
  await t.database.db.insert(role).values({
    id: nextId(),
    tenantId: '000000',
    parentId: '0',
    roleName: '访客(无权限)',
    roleAlias: 'visitor',
  })
  for (const alias of ['visitor', 'guest', 'student', 'teacher', 'staff']) {
    const u = await createUser(t.database, { account: `sweep_${alias}`, roleAlias: alias })
    tokens[alias] = await t.login(u.account, u.password)
  }
  const otherAdmin = await createTenant(t.database, '200701')
  tokens.otherAdmin = await t.login(otherAdmin.account, otherAdmin.password, '200701')
  const other = await createUser(t.database, {
    account: 'other_student',
    roleAlias: 'student',
    tenantId: '200701',
  })
  tokens.otherTenant = await t.login(other.account, other.password, '200701')
  await markRecords()
})
afterAll(async () => t?.close())

/** Marked records of tenant 000000 another tenant must never see or touch, by URL family. */
const marked: Record<string, string> = {}
async function markRecords() {
  const api = t.api(tokens.admin)
  const idOf = async (
    url: string,
    body: Record<string, unknown>,
    list: string,
    query: Record<string, string>,
  ) => {
    const res = await api.post(url, { body })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const found = await api.get(list, query)
    const rows = Array.isArray(found.body.data) ? found.body.data : found.body.data.records
    return String(rows[0].id)
  }
  marked.notice = await idOf(
    '/api/blade-desk/notice/submit',
    { title: MARK },
    '/api/blade-desk/notice/list',
    {
      title: MARK,
    },
  )
  marked.post = await idOf(
    '/api/blade-system/post/submit',
    { category: 1, postCode: 'MARK1', postName: MARK, sort: 1 },
    '/api/blade-system/post/list',
    { postName: MARK },
  )
  const dept = await api.post('/api/blade-system/dept/submit', {
    body: { parentId: '0', deptName: MARK, deptCategory: 1, sort: 1 },
  })
  marked.dept = dept.body.data.id
  const role = await api.post('/api/blade-system/role/submit', {
    body: { parentId: '0', roleName: MARK, roleAlias: 'marked', sort: 1 },
  })
  marked.role = role.body.data.id
  const users = await api.get('/api/blade-user/page', { account: 'sweep_teacher' })
  marked.user = users.body.data.records[0].id
  for (const [family, id] of Object.entries(marked)) expect(id, family).toMatch(/^\d+$/)
}

/** The marked id a route of this family would act on. */
function markedIdFor(url: string): string {
  if (url.includes('/notice/')) return marked.notice
  if (url.includes('/dept/')) return marked.dept
  if (url.includes('/role/')) return marked.role
  if (url.includes('/blade-user/')) return marked.user
  return marked.post
}

/** Tenant 000000's rows of every tenant-owned table, and every platform-wide table. */
async function platformTenantFingerprint(): Promise<string> {
  const db = t.database.db
  const { rows } = (await db.execute(
    sql.raw(`select table_name as t, bool_or(column_name = 'tenant_id') as owned
      from information_schema.columns where table_schema = 'public' group by table_name order by table_name`),
  )) as unknown as { rows: { t: string; owned: boolean }[] }
  const parts: string[] = []
  for (const { t: name, owned } of rows) {
    if (VOLATILE.test(name)) continue
    const where = owned ? `where t.tenant_id = '000000'` : ''
    const res = (await db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t ${where}`,
      ),
    )) as unknown as { rows: { h: string }[] }
    parts.push(`${name}:${res.rows[0].h}`)
  }
  return parts.join('\n')
}

const chinese = /[\u4e00-\u9fa5]/

function call(token: string | undefined, { method, url }: { method: string; url: string }) {
  const api = t.api(token)
  const id = '1990000000000000001'
  return method === 'GET'
    ? api.get(url, { id, ids: id, current: 1, size: 10 })
    : api.post(url, { query: { id, ids: id }, body: { id, name: 'sweep' } })
}

/** The same route asked for with its last letter percent-encoded (`/notice/submi%74`). */
const encoded = (route: Route) => ({
  method: route.method,
  url: `${route.url.slice(0, -1)}%${route.url.charCodeAt(route.url.length - 1).toString(16)}`,
})

/** The routes screens.tsv grants a seeded role (its menus' and buttons' endpoints). */
function grantedBySpec(alias: string): RegExp[] {
  return compileEndpoints(menuRows.filter((r) => r[8].split(',').includes(alias)).map((r) => r[7]))
}

/**
 * A write the role reaches only through a menu's `/*` family (no exact endpoint of its menus or of
 * its buttons for other actions) while screens.tsv defines the action's button (that of a menu whose
 * family covers the path, or one naming the path) and gives it to others. The sweep's bodies carry an
 * id, so `submit` edits.
 */
function lacksWriteButton(alias: string, route: Route): boolean {
  const action = route.method === 'POST' ? writeActionOf(route.url, { id: '1' }) : null
  if (!action) return false
  const names = (list: string[]) => compileEndpoints([list.join(',')]).some((re) => re.test(route.url))
  const endpoints = (r: (typeof menuRows)[number]) => r[7].split(',').filter(Boolean)
  const owners = new Set(
    menuRows
      .filter((r) => r[2] === 'menu' && names(endpoints(r).filter((e) => e.includes('*'))))
      .map((r) => `${r[0]}_${action}`),
  )
  const naming = menuRows.filter(
    (r) => r[2] === 'button' && r[0].endsWith(`_${action}`) && (owners.has(r[0]) || names(endpoints(r))),
  )
  if (!naming.length) return false
  const holds = (r: (typeof menuRows)[number]) => r[8].split(',').includes(alias)
  if (naming.some(holds)) return false
  const exact = menuRows
    .filter((r) => holds(r) && (r[2] === 'menu' || !/_(add|edit|delete)$/.test(r[0])))
    .flatMap(endpoints)
    .filter((e) => !e.includes('*'))
  return !names(exact)
}

describe('permission sweep', () => {
  it('finds every route, and the open ones are exactly the listed ones', () => {
    expect(routes.length).toBeGreaterThan(250)
    expect(
      routes
        .filter((r) => r.public)
        .map(key)
        .sort(),
    ).toEqual(Object.keys(PUBLIC).sort())
    expect(
      routes
        .filter((r) => r.anyUser)
        .map(key)
        .sort(),
    ).toEqual(Object.keys(ANY_USER).sort())
  })

  it('refuses every guarded route without a token (401) and to a role without grants (403), changing nothing', async () => {
    const before = await fingerprint()
    const problems: string[] = []
    for (const route of routes) {
      if (route.public) continue
      const anonymous = await call(undefined, route)
      if (anonymous.status !== 401) problems.push(`${key(route)} without a token: ${anonymous.status}`)
      if (route.anyUser) continue
      const plain = await call(tokens.visitor, route)
      const res = plain.status === 403 ? await call(tokens.visitor, encoded(route)) : plain
      if (
        res.status !== 403 ||
        res.body?.code !== 403 ||
        res.body?.success !== false ||
        JSON.stringify(res.body?.data) !== '{}' ||
        !chinese.test(res.body?.msg ?? '')
      )
        problems.push(`${key(route)} as visitor: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`)
    }
    expect(problems).toEqual([])
    expect(await fingerprint()).toBe(before)
  })

  it('refuses each seeded role every route and write button screens.tsv does not grant it, administration included', async () => {
    const before = await fingerprint()
    const problems: string[] = []
    const buttonChecks: string[] = []
    for (const alias of ['guest', 'student', 'teacher', 'staff']) {
      const granted = grantedBySpec(alias)
      for (const route of routes) {
        if (route.public || route.anyUser) continue
        const path = route.url
        if (granted.some((re) => re.test(path)) && !lacksWriteButton(alias, route)) {
          // The spec itself must not hand administration to the school's ordinary roles.
          if (alias !== 'staff' && ADMINISTRATION.test(path)) problems.push(`${alias} granted ${key(route)}`)
          continue
        }
        if (granted.some((re) => re.test(path))) buttonChecks.push(`${alias} ${key(route)}`)
        for (const asked of [route, encoded(route)]) {
          const res = await call(tokens[alias], asked)
          if (res.status !== 403 || JSON.stringify(res.body?.data) !== '{}')
            problems.push(
              `${key(asked)} as ${alias}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
            )
        }
      }
    }
    expect(problems).toEqual([])
    expect(buttonChecks).toContain('teacher POST /api/blade-desk/notice/remove')
    expect(await fingerprint()).toBe(before)
  })

  it('refuses the administrator of a tenant whose package holds only 首页 every route outside it', async () => {
    const limited = await createTenant(t.database, '200702')
    const home = await t.database.db
      .select({ id: menu.id })
      .from(menu)
      .where(inArray(menu.code, ['desk', 'desk_home']))
    const packageId = nextId()
    await t.database.db
      .insert(tenantPackage)
      .values({ id: packageId, packageName: '仅首页', menuId: home.map((m) => m.id).join(',') })
    await t.database.db.update(tenant).set({ packageId }).where(eq(tenant.tenantId, '200702'))
    await bumpPermissionVersion(t.database.db)
    const token = await t.login(limited.account, limited.password, '200702')
    const inPackage = compileEndpoints(
      menuRows.filter((r) => r[0] === 'desk_home' || r[1] === 'desk_home').map((r) => r[7]),
    )
    const before = await fingerprint()
    const problems: string[] = []
    let refused = 0
    for (const route of routes) {
      if (route.public || route.anyUser || inPackage.some((re) => re.test(route.url))) continue
      const res = await call(token, route)
      refused++
      if (res.status !== 403 || JSON.stringify(res.body?.data) !== '{}')
        problems.push(`${key(route)}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`)
    }
    expect(problems).toEqual([])
    expect(refused).toBeGreaterThan(250)
    expect(await fingerprint()).toBe(before)
  })

  it('the open reads show another tenant none of this tenant’s records, even when asked for them', async () => {
    const problems: string[] = []
    for (const route of routes) {
      if (!route.anyUser || route.method !== 'GET' || route.url.endsWith('/logout')) continue
      for (const query of [{}, { tenantId: '000000' }, { tenantId: '000000', title: MARK }]) {
        const res = await t.api(tokens.otherTenant).get(route.url, query)
        const text = JSON.stringify(res.body)
        if (res.status >= 500 || text.includes(MARK) || /sweep_/.test(text))
          problems.push(`${key(route)} ${JSON.stringify(query)}: ${res.status} ${text.slice(0, 160)}`)
      }
    }
    expect(problems).toEqual([])
    const me = await t.api(tokens.otherTenant).get('/api/blade-user/info')
    expect(me.body.data.account).toBe('other_student')
  })

  it('the open reads about oneself show nobody else of the same tenant, even when asked for them', async () => {
    const problems: string[] = []
    const other = { id: marked.user, userId: marked.user, account: 'sweep_teacher', roleIds: marked.role }
    for (const route of routes) {
      if (!route.anyUser || route.method !== 'GET' || route.url.endsWith('/logout')) continue
      const res = await t.api(tokens.visitor).get(route.url, other)
      const text = JSON.stringify(res.body)
      if (res.status >= 500 || text.includes('sweep_teacher') || text.includes(marked.user))
        problems.push(`${key(route)}: ${res.status} ${text.slice(0, 160)}`)
    }
    expect(problems).toEqual([])
    const menus = await t.api(tokens.visitor).get('/api/blade-system/menu/routes', other)
    expect(menus.body.data).toEqual([])
  })

  it('another tenant’s administrator reads none of this tenant’s records and changes none, naming them by id and tenant', async () => {
    const before = await platformTenantFingerprint()
    const api = t.api(tokens.otherAdmin)
    const problems: string[] = []
    for (const route of routes) {
      // Signing out or changing the password would end the session the sweep runs on.
      if (route.public || /\/(logout|update-password)$/.test(route.url)) continue
      const id = markedIdFor(route.url)
      const asked = { id, ids: id, tenantId: '000000', roleIds: marked.role, userId: marked.user }
      const res =
        route.method === 'GET'
          ? await api.get(route.url, asked)
          : await api.post(route.url, { query: asked, body: { ...asked, name: 'sweep', title: 'sweep' } })
      const text = JSON.stringify(res.body)
      if (res.status >= 500 || text.includes(MARK) || /sweep_/.test(text))
        problems.push(`${key(route)}: ${res.status} ${text.slice(0, 160)}`)
    }
    expect(problems).toEqual([])
    expect(await platformTenantFingerprint()).toBe(before)
    // The sweep ran signed in to the end, and the marks are there to be seen by their own tenant.
    expect((await api.get('/api/blade-auth/oauth/user-info')).status).toBe(200)
    const own = await t.api(tokens.admin).get('/api/blade-system/post/list', { tenantId: '000000' })
    expect(JSON.stringify(own.body)).toContain(MARK)
  })
})

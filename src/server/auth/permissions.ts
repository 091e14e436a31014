import { and, eq, inArray, like, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'
import { menu, roleMenu, roleScope, scopeApi } from '../db/schema'
import { packageMenuIds } from '../system/package-menus'
import { isAdministrator, type AuthUser } from '../core/context'
import { ForbiddenError } from '../core/errors'
import { liveRows } from '../core/data'

/**
 * API-scope enforcement: a role may call the paths listed in the `endpoints` of the menus and buttons
 * granted to it (and the `scope_path` of its API scopes). Patterns: an exact path, `/x/y/*` for the
 * whole family, a trailing `*` glob, `{name}` for one path segment; `implied:` is stripped.
 */
export function compilePattern(pattern: string): RegExp | null {
  const p = pattern.trim().replace(/^implied:/, '')
  if (!p.startsWith('/')) return null
  let re = ''
  for (const part of p.split(/(\{[^}]*\}|\*)/)) {
    if (part === '*') re += '.*'
    else if (/^\{[^}]*\}$/.test(part)) re += '[^/]+'
    else re += part.replace(/[.+?^$()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${re}$`)
}

export function compileEndpoints(lists: (string | null)[]): RegExp[] {
  const out = new Map<string, RegExp>()
  for (const list of lists) {
    for (const raw of (list ?? '').split(',')) {
      const key = raw.trim()
      if (!key || out.has(key)) continue
      const re = compilePattern(key)
      if (re) out.set(key, re)
    }
  }
  return [...out.values()]
}

interface GrantedMenu {
  id: string
  parentId: string
  code: string
  category: number
  endpoints: string | null
}

const splitEndpoints = (list: string | null) =>
  (list ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)

/**
 * What a role set holds inside its tenant's package: the granted menus and buttons (like menu/routes
 * and menu/buttons: a menu counts when it is in the package, a button when it or its menu is) and the
 * paths of its API scopes.
 */
async function grantsOf(db: Db, tenantId: string, roleIds: string[]) {
  if (!roleIds.length) return { menus: [] as GrantedMenu[], apiPaths: [] as (string | null)[] }
  const inPackage = await packageMenuIds(db, tenantId)
  const granted = await db
    .select({
      id: menu.id,
      parentId: menu.parentId,
      code: menu.code,
      category: menu.category,
      endpoints: menu.endpoints,
    })
    .from(roleMenu)
    .innerJoin(menu, eq(menu.id, roleMenu.menuId))
    .where(and(inArray(roleMenu.roleId, roleIds), liveRows(menu), sql`${menu.endpoints} is not null`))
  const menus = granted.filter(
    (m) => !inPackage || inPackage.has(m.id) || (m.category === 2 && inPackage.has(m.parentId)),
  )
  const apis = await db
    .select({ path: scopeApi.scopePath })
    .from(roleScope)
    .innerJoin(scopeApi, eq(scopeApi.id, roleScope.scopeId))
    .where(and(inArray(roleScope.roleId, roleIds), eq(roleScope.scopeCategory, 2), liveRows(scopeApi)))
  return { menus, apiPaths: apis.map((a) => a.path) }
}

async function loadPatterns(db: Db, tenantId: string, roleIds: string[]): Promise<RegExp[]> {
  const { menus, apiPaths } = await grantsOf(db, tenantId, roleIds)
  return compileEndpoints([...menus.map((m) => m.endpoints), ...apiPaths])
}

const WRITE_BUTTON = /_(add|edit|delete)$/

/** The button action a standard write needs: `submit` adds without an id and edits with one. */
export type WriteAction = 'add' | 'edit' | 'delete'

export function writeActionOf(path: string, body: unknown): WriteAction | null {
  switch (path.slice(path.lastIndexOf('/') + 1)) {
    case 'save':
      return 'add'
    case 'update':
      return 'edit'
    case 'remove':
      return 'delete'
    case 'submit': {
      const id = body && typeof body === 'object' ? (body as { id?: unknown }).id : undefined
      return id === undefined || id === null || id === '' ? 'add' : 'edit'
    }
    default:
      return null
  }
}

/**
 * Button permissions on writes. A menu's `/*` family lets its holders read the whole family, but a
 * write there needs the action's button (`_add` / `_edit` / `_delete`) when one exists: the button of
 * each menu whose family covers the path (`user` → `user_edit` for `blade-user/submit` with an id), or
 * any such button whose endpoints name the path (`base_college_add` → `dept/submit`). An exact endpoint
 * of a granted menu or of a granted button for another action (`open_mybooking_cancel` →
 * `openroomreserve/remove`), or an API scope, still grants the path outright.
 */
export async function allowsWrite(
  db: Db,
  tenantId: string,
  roleIds: string[],
  path: string,
  action: WriteAction,
): Promise<boolean> {
  const suffix = `_${action}`
  const rows = await db
    .select({ id: menu.id, code: menu.code, category: menu.category, endpoints: menu.endpoints })
    .from(menu)
    .where(
      and(
        liveRows(menu),
        or(
          and(eq(menu.category, 1), like(menu.endpoints, '%*%')),
          and(eq(menu.category, 2), like(menu.code, `%${suffix}`)),
        ),
      ),
    )
  const names = (list: string[]) => compileEndpoints([list.join(',')]).some((re) => re.test(path))
  const owners = new Set(
    rows
      .filter((m) => m.category === 1 && names(splitEndpoints(m.endpoints).filter((e) => e.includes('*'))))
      .map((m) => `${m.code}${suffix}`),
  )
  const naming = rows.filter(
    (b) =>
      b.category === 2 &&
      b.code.endsWith(suffix) &&
      (owners.has(b.code) || names(splitEndpoints(b.endpoints))),
  )
  if (!naming.length) return true
  const { menus, apiPaths } = await grantsOf(db, tenantId, roleIds)
  const held = new Set(menus.map((m) => m.id))
  if (naming.some((b) => held.has(b.id))) return true
  const outright = menus
    .filter((m) => m.category !== 2 || !WRITE_BUTTON.test(m.code))
    .flatMap((m) => splitEndpoints(m.endpoints))
    .filter((e) => !e.includes('*'))
  return names([...outright, ...apiPaths.filter((p): p is string => !!p)])
}

/**
 * Runs after the token guard, once the body is parsed (so `submit` tells adding from editing) and
 * before validation (so a caller without the button learns nothing from a 400).
 */
export function installWriteButtonGuard(app: FastifyInstance) {
  const decisions = new WriteDecisionCache()
  app.addHook('preValidation', async (request) => {
    const user = request.user
    const config = request.routeOptions.config ?? {}
    if (request.method !== 'POST' || !user || config.public || config.anyUser || isAdministrator(user)) return
    // The matched route, not the raw URL: `/notice/%73ubmit` routes to submit too.
    const path = request.routeOptions.url
    if (!path) return
    const action = writeActionOf(path, request.body)
    if (action && !(await decisions.allows(app.db, request.permissionVersion, user, path, action)))
      throw new ForbiddenError()
  })
}

/**
 * allowsWrite's answers per role set, path and action for one permission version (PerVersion), as the
 * API-scope patterns are kept: a student's every autosave would otherwise read the buttons and compile
 * their patterns again. Without a version (none read), it asks every time.
 */
class WriteDecisionCache {
  private readonly answers = new PerVersion<boolean>(MAX_WRITE_DECISIONS)

  allows(db: Db, version: string | null, user: AuthUser, path: string, action: WriteAction) {
    const ask = () => allowsWrite(db, user.tenantId, user.roleIds, path, action)
    return version ? this.answers.get(version, `${roleSetKey(user)} ${action} ${path}`, ask) : ask()
  }
}

/** Role sets × write paths × actions stay far below this; past it the cache starts again. */
const MAX_WRITE_DECISIONS = 20_000

/**
 * Answers kept for one permission version (lab_setting, bumped whenever menus, buttons, grants or
 * packages change): a new version empties the cache on every server sharing the database. A failed
 * load is not kept; past `max` answers the cache starts again.
 */
class PerVersion<T> {
  private version = ''
  private readonly answers = new Map<string, Promise<T>>()

  constructor(private readonly max = Infinity) {}

  get(version: string, key: string, load: () => Promise<T>): Promise<T> {
    if (version !== this.version || this.answers.size >= this.max) {
      this.version = version
      this.answers.clear()
    }
    let answer = this.answers.get(key)
    if (!answer) {
      answer = load()
      this.answers.set(key, answer)
      answer.catch(() => this.answers.delete(key))
    }
    return answer
  }
}

/** Role ids are tenant-specific: the set fixes the tenant and its package. */
const roleSetKey = (user: AuthUser) => [...user.roleIds].sort().join(',')

/** A tenant's administrator holds every menu and button of its package, or everything without one. */
async function loadAdministratorPatterns(db: Db, tenantId: string): Promise<RegExp[]> {
  const inPackage = await packageMenuIds(db, tenantId)
  if (!inPackage) return [/^/]
  const menus = await db
    .select({ id: menu.id, parentId: menu.parentId, category: menu.category, endpoints: menu.endpoints })
    .from(menu)
    .where(and(liveRows(menu), sql`${menu.endpoints} is not null`))
  return compileEndpoints(
    menus
      .filter((m) => inPackage.has(m.id) || (m.category === 2 && inPackage.has(m.parentId)))
      .map((m) => m.endpoints),
  )
}

/**
 * Compiled patterns per role set (role ids are tenant-specific, so the set also fixes the tenant and
 * its package) or per tenant for its administrators, valid for one permission version (PerVersion).
 */
export class PermissionCache {
  private readonly byRoles = new PerVersion<RegExp[]>()

  async allows(db: Db, version: string, user: AuthUser, path: string): Promise<boolean> {
    const patterns = isAdministrator(user)
      ? this.byRoles.get(version, `administrator@${user.tenantId}`, () =>
          loadAdministratorPatterns(db, user.tenantId),
        )
      : this.byRoles.get(version, roleSetKey(user), () => loadPatterns(db, user.tenantId, user.roleIds))
    return (await patterns).some((re) => re.test(path))
  }
}

/**
 * Does the user hold the menu or button `code` (a tenant administrator holds every one)? For rules
 * like "a caller without 教师课表 always gets their own timetable", which depend on a grant rather than
 * on the path being called.
 */
export async function holdsMenu(db: Db, user: AuthUser, code: string): Promise<boolean> {
  if (isAdministrator(user)) return true
  const { menus } = await grantsOf(db, user.tenantId, user.roleIds)
  return menus.some((m) => m.code === code)
}

import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { menu, roleMenu, roleScope, scopeApi } from '../db/schema'
import { packageMenuIds } from '../system/package-menus'

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

async function loadPatterns(db: Db, tenantId: string, roleIds: string[]): Promise<RegExp[]> {
  if (!roleIds.length) return []
  // Like menu/routes and menu/buttons: only menus (or buttons of menus) in the tenant's package count.
  const inPackage = await packageMenuIds(db, tenantId)
  const granted = await db
    .select({ id: menu.id, parentId: menu.parentId, endpoints: menu.endpoints })
    .from(roleMenu)
    .innerJoin(menu, eq(menu.id, roleMenu.menuId))
    .where(and(inArray(roleMenu.roleId, roleIds), eq(menu.isDeleted, 0), sql`${menu.endpoints} is not null`))
  const menus = granted.filter((m) => !inPackage || inPackage.has(m.id) || inPackage.has(m.parentId))
  const apis = await db
    .select({ path: scopeApi.scopePath })
    .from(roleScope)
    .innerJoin(scopeApi, eq(scopeApi.id, roleScope.scopeId))
    .where(and(inArray(roleScope.roleId, roleIds), eq(roleScope.scopeCategory, 2), eq(scopeApi.isDeleted, 0)))
  return compileEndpoints([...menus.map((m) => m.endpoints), ...apis.map((a) => a.path)])
}

/**
 * Compiled patterns per role set (role ids are tenant-specific, so the set also fixes the tenant and
 * its package), valid for one permission version (lab_setting, bumped whenever grants change); a new
 * version empties the cache on every server sharing the database.
 */
export class PermissionCache {
  private version = ''
  private byRoles = new Map<string, Promise<RegExp[]>>()

  async allows(db: Db, version: string, tenantId: string, roleIds: string[], path: string): Promise<boolean> {
    if (version !== this.version) {
      this.version = version
      this.byRoles.clear()
    }
    const key = [...roleIds].sort().join(',')
    let patterns = this.byRoles.get(key)
    if (!patterns) {
      patterns = loadPatterns(db, tenantId, roleIds)
      this.byRoles.set(key, patterns)
      patterns.catch(() => this.byRoles.delete(key))
    }
    return (await patterns).some((re) => re.test(path))
  }
}

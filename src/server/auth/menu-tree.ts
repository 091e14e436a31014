import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { menu, roleMenu, topMenu, topMenuSetting } from '../db/schema'
import { isAdministrator, type AuthUser } from '../core/context'
import { dataOfTenant, liveRows } from '../core/data'
import { packageMenuIds } from '../system/package-menus'

type MenuRow = typeof menu.$inferSelect

/** A MenuVO node of contract 5.1: the menu's fields, names left empty, `children` only when present. */
export interface MenuNode {
  id: string
  parentId: string
  code: string
  name: string
  alias: string
  path: string
  source: string
  sort: number
  category: number
  action: number
  isOpen: number
  remark: string
  isDeleted: number
  parentName: string
  categoryName: string
  actionName: string
  isOpenName: string
  children?: MenuNode[]
  hasChildren?: boolean
}

const nodeOf = (m: MenuRow): MenuNode => ({
  id: m.id,
  parentId: m.parentId,
  code: m.code,
  name: m.name,
  alias: m.alias ?? '',
  path: m.path ?? '',
  source: m.source ?? '',
  sort: m.sort ?? 0,
  category: m.category,
  action: m.action ?? 0,
  isOpen: m.isOpen ?? 1,
  remark: m.remark ?? '',
  isDeleted: m.isDeleted,
  parentName: '',
  categoryName: '',
  actionName: '',
  isOpenName: '',
})

/** ForestNodeMerger: nodes whose parent is absent become roots; siblings sorted by `sort`. */
export function forest(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map(rows.map((m) => [m.id, nodeOf(m)]))
  const roots: MenuNode[] = []
  for (const node of [...nodes.values()].sort((a, b) => a.sort - b.sort)) {
    const parent = nodes.get(node.parentId)
    if (parent) (parent.children ??= []).push(node)
    else roots.push(node)
  }
  for (const node of nodes.values()) if (node.children) node.hasChildren = true
  return roots
}

async function allMenus(db: Db): Promise<MenuRow[]> {
  return db.select().from(menu).where(liveRows(menu)).orderBy(asc(menu.sort))
}

/** The ids of the menus (and buttons) granted to the caller's roles. */
export async function grantedMenuIds(db: Db, user: AuthUser): Promise<Set<string> | 'all'> {
  if (isAdministrator(user)) return 'all'
  if (!user.roleIds.length) return new Set()
  const rows = await db
    .select({ id: roleMenu.menuId })
    .from(roleMenu)
    .where(inArray(roleMenu.roleId, user.roleIds))
  return new Set(rows.map((r) => r.id))
}

/**
 * The menus the caller may see: their grants (everything for the administrator) within the tenant's
 * package, plus the ancestors of those, optionally within one top menu.
 */
export async function visibleMenus(db: Db, user: AuthUser, topMenuId?: string): Promise<MenuRow[]> {
  const menus = await allMenus(db)
  const byId = new Map(menus.map((m) => [m.id, m]))
  const granted = await grantedMenuIds(db, user)
  const inPackage = await packageMenuIds(db, user.tenantId)
  let visible = new Set<string>()
  const chosen = granted === 'all' ? menus.map((m) => m.id) : [...granted]
  for (const id of chosen.filter((m) => !inPackage || inPackage.has(m))) {
    let at = byId.get(id)
    while (at && !visible.has(at.id)) {
      visible.add(at.id)
      at = byId.get(at.parentId)
    }
  }
  if (topMenuId) {
    const inTop = await db
      .select({ id: topMenuSetting.menuId })
      .from(topMenuSetting)
      .innerJoin(topMenu, eq(topMenu.id, topMenuSetting.topMenuId))
      .where(dataOfTenant(db, user.tenantId).rows(topMenu, eq(topMenuSetting.topMenuId, topMenuId)))
    const ids = new Set(inTop.map((r) => r.id))
    visible = new Set([...visible].filter((id) => ids.has(id)))
  }
  return menus.filter((m) => visible.has(m.id))
}

/** Contract 5.1: the category-1 forest. */
export async function routesOf(db: Db, user: AuthUser, topMenuId?: string): Promise<MenuNode[]> {
  return forest((await visibleMenus(db, user, topMenuId)).filter((m) => m.category === 1))
}

/** Contract 5.2: the menus owning granted buttons, each with its buttons as children (leaf codes). */
export async function buttonsOf(db: Db, user: AuthUser): Promise<MenuNode[]> {
  const menus = await allMenus(db)
  const granted = await grantedMenuIds(db, user)
  const inPackage = await packageMenuIds(db, user.tenantId)
  const buttons = menus.filter(
    (m) =>
      m.category === 2 &&
      (granted === 'all' || granted.has(m.id)) &&
      (!inPackage || inPackage.has(m.id) || inPackage.has(m.parentId)),
  )
  const owners = new Set(buttons.map((b) => b.parentId))
  return forest([...menus.filter((m) => owners.has(m.id)).map((m) => ({ ...m, parentId: '0' })), ...buttons])
}

/** Contract 5.3: the tenant's top menus, sorted; other roles see those holding one of their menus. */
export async function topMenusOf(db: Db, user: AuthUser) {
  const tops = await dataOfTenant(db, user.tenantId)
    .repo(topMenu)
    .find([], { sort: [asc(topMenu.sort)] })
  const granted = await grantedMenuIds(db, user)
  if (granted === 'all' || !tops.length) return tops
  const settings = await db
    .select()
    .from(topMenuSetting)
    .where(
      inArray(
        topMenuSetting.topMenuId,
        tops.map((t) => t.id),
      ),
    )
  return tops.filter((t) => settings.some((s) => s.topMenuId === t.id && granted.has(s.menuId)))
}

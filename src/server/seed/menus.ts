import type { Db } from '../db/client'
import { menu, roleMenu, topMenu, topMenuSetting } from '../db/schema'
import { nextId } from '../core/ids'
import { menuRows as designRows } from './menu-data'
import { menuAdditions } from './menu-additions'

/** Icons (Fluent UI icon names) of the top-level groups; other menus use the shell's default. */
const GROUP_ICONS: Record<string, string> = {
  desk: 'Home',
  teach: 'BookOpen',
  lab: 'Beaker',
  assets: 'Box',
  competition: 'Trophy',
  safety: 'ShieldCheckmark',
  quality: 'ClipboardTask',
  report: 'DataBarVertical',
  flow: 'Flow',
  cms: 'News',
  download: 'ArrowDownload',
  base: 'Database',
  system: 'Settings',
  log: 'DocumentText',
}

/** The design's rows, then the additions (after their parents, so parents are always seen first). */
export const menuRows = [...designRows, ...menuAdditions]

const chunks = <T>(items: T[], size = 500) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))

/**
 * The whole menu tree of screens.tsv with its default role grants, and one top menu per top-level
 * group granted that group's subtree. Returns menu ids by code.
 */
export async function seedMenus(db: Db, tenantId: string, roleIds: Record<string, string>) {
  const ids: Record<string, string> = { '0': '0' }
  const sortWithin = new Map<string, number>()
  const menus: (typeof menu.$inferInsert)[] = []
  const grants: (typeof roleMenu.$inferInsert)[] = []
  const parentOf: Record<string, string> = {}
  for (const [code, parent, kind, zh, en, path, , endpoints, roles, notes] of menuRows) {
    const id = nextId()
    ids[code] = id
    parentOf[code] = parent
    const sort = (sortWithin.get(parent) ?? 0) + 1
    sortWithin.set(parent, sort)
    menus.push({
      id,
      parentId: ids[parent],
      code,
      name: zh,
      alias: en,
      path: path || null,
      source: kind === 'button' ? null : (GROUP_ICONS[code] ?? ''),
      sort,
      category: kind === 'button' ? 2 : 1,
      action: kind === 'button' ? 1 : 0,
      isOpen: 1,
      remark: notes ? notes.slice(0, 255) : null,
      endpoints: endpoints || null,
    })
    for (const alias of roles.split(',').filter(Boolean)) {
      const roleId = roleIds[alias]
      if (roleId) grants.push({ id: nextId(), menuId: id, roleId })
    }
  }
  for (const part of chunks(menus)) await db.insert(menu).values(part)
  for (const part of chunks(grants)) await db.insert(roleMenu).values(part)

  const tops = menuRows.filter((r) => r[1] === '0')
  const settings: (typeof topMenuSetting.$inferInsert)[] = []
  for (const [index, [code, , , zh]] of tops.entries()) {
    const topId = nextId()
    await db
      .insert(topMenu)
      .values({ id: topId, tenantId, code, name: zh, source: GROUP_ICONS[code] ?? '', sort: index + 1 })
    for (const [member] of menuRows) {
      let at = member
      while (at !== '0' && at !== code) at = parentOf[at]
      if (at === code) settings.push({ id: nextId(), topMenuId: topId, menuId: ids[member] })
    }
  }
  for (const part of chunks(settings)) await db.insert(topMenuSetting).values(part)
  delete ids['0']
  return ids
}

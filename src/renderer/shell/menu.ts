import { create } from 'zustand'
import { shellApi, type MenuNode, type TopMenu } from '../../shared/api/shell'
import { call, quietCall } from './request'

export type { MenuNode, TopMenu }

export interface MenuLeaf {
  node: MenuNode
  /** The groups above it, outermost first. */
  trail: MenuNode[]
}

export const WORKBENCH_CODE = 'desk'

export function isExternal(path: string | undefined): boolean {
  return !!path && /^https?:\/\//i.test(path)
}

/** Where a menu item navigates: external links go through the sandboxed iframe page. */
export function menuTarget(node: MenuNode): string | null {
  if (!node.path) return null
  if (isExternal(node.path)) {
    const name = (node.code || node.id || 'link').replace(/[^A-Za-z0-9_-]/g, '')
    return `/myiframe/${name || 'link'}?src=${encodeURIComponent(node.path)}`
  }
  return node.path.startsWith('/') ? node.path : `/${node.path}`
}

function roleList(roles: MenuNode['roles']): string[] {
  if (!roles) return []
  return (Array.isArray(roles) ? roles : roles.split(',')).map((r) => r.trim()).filter(Boolean)
}

/** Spec 5: an item shows if it has no role restriction or one of the user's roles is listed. */
export function filterByRoles(nodes: readonly MenuNode[], userRoles: readonly string[]): MenuNode[] {
  const mine = new Set(userRoles)
  return nodes
    .filter((node) => {
      const allowed = roleList(node.roles)
      return allowed.length === 0 || allowed.some((r) => mine.has(r))
    })
    .map((node) => (node.children ? { ...node, children: filterByRoles(node.children, userRoles) } : node))
}

/** Every navigable item (with a path), depth first, with its group trail. */
export function flattenMenu(nodes: readonly MenuNode[], trail: MenuNode[] = []): MenuLeaf[] {
  return nodes.flatMap((node) => {
    const own = node.path ? [{ node, trail }] : []
    return [...own, ...flattenMenu(node.children ?? [], [...trail, node])]
  })
}

/** The name to show: the English alias in English when the server gives one. */
export function menuLabel(node: MenuNode, language: 'zh' | 'en'): string {
  return language === 'en' && node.alias ? node.alias : node.name
}

/**
 * Menu search (spec 2.3): names that start with the query, ignoring case and outer spaces. The
 * English alias is searched too, so either language finds the item.
 */
export function searchMenu(nodes: readonly MenuNode[], query: string): MenuLeaf[] {
  const q = query.trim().toLowerCase()
  if (!q) return []
  return flattenMenu(nodes).filter(
    ({ node }) => node.name.toLowerCase().startsWith(q) || !!node.alias?.toLowerCase().startsWith(q),
  )
}

export function findByPath(nodes: readonly MenuNode[], path: string): MenuNode | undefined {
  return flattenMenu(nodes).find(({ node }) => menuTarget(node) === path || node.path === path)?.node
}

/** The 'my workbench' layout: only the workbench group. */
export function workbenchOnly(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.filter((n) => n.code === WORKBENCH_CODE || n.name === '工作台')
}

interface MenuState {
  menu: MenuNode[]
  /** The whole tree (all top menus): used for tab labels and search. */
  allMenu: MenuNode[]
  topMenus: TopMenu[]
  topMenuId: string | null
  loaded: boolean
  load: () => Promise<void>
  selectTopMenu: (id: string | null) => Promise<void>
  reset: () => void
}

export const useMenu = create<MenuState>((set) => ({
  menu: [],
  allMenu: [],
  topMenus: [],
  topMenuId: null,
  loaded: false,
  load: async () => {
    const [menu, topMenus] = await Promise.all([
      call(shellApi.routes, { query: {} }).catch((): MenuNode[] => []),
      quietCall(shellApi.topMenus).catch((): TopMenu[] => []),
    ])
    set({ menu: menu ?? [], allMenu: menu ?? [], topMenus: topMenus ?? [], topMenuId: null, loaded: true })
  },
  selectTopMenu: async (id) => {
    set({ topMenuId: id })
    const menu = await call(shellApi.routes, { query: id ? { topMenuId: id } : {} }).catch(
      (): MenuNode[] => [],
    )
    set({ menu: menu ?? [] })
  },
  reset: () => set({ menu: [], allMenu: [], topMenus: [], topMenuId: null, loaded: false }),
}))

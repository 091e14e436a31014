import { create } from 'zustand'

/** An open page in the tab bar. `path` identifies it (no two tabs share a path). */
export interface Tab {
  label: string
  path: string
  query?: Record<string, string>
}

export const HOME_PATH = '/wel/index'
export const HOME_TAB: Tab = { label: '首页', path: HOME_PATH }

/** The tab rules of spec 2.3 as pure functions, so they are testable without React. */

/** Home first, then every other tab once, in order. */
export function normalizeTabs(tabs: readonly Tab[]): Tab[] {
  const seen = new Set<string>([HOME_PATH])
  const rest = tabs.filter((tab) => {
    if (seen.has(tab.path)) return false
    seen.add(tab.path)
    return true
  })
  return [tabs.find((tab) => tab.path === HOME_PATH) ?? HOME_TAB, ...rest]
}

/** Opens a tab, or refreshes the label and query of the one already open for that path. */
export function addTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const index = tabs.findIndex((t) => t.path === tab.path)
  if (index < 0) return [...tabs, tab]
  const next = [...tabs]
  next[index] = { ...tabs[index], ...tab }
  return next
}

/** Home is never closable, and neither is the last remaining tab. */
export function canClose(tabs: readonly Tab[], path: string): boolean {
  return path !== HOME_PATH && tabs.length > 1 && tabs.some((t) => t.path === path)
}

/**
 * Closes one tab. When it was the active one, the tab to its left (or right, or home) becomes
 * active. Returns the tabs unchanged when the tab may not be closed.
 */
export function closeTab(
  tabs: readonly Tab[],
  path: string,
  active: string,
): { tabs: Tab[]; active: string } {
  if (!canClose(tabs, path)) return { tabs: [...tabs], active }
  const index = tabs.findIndex((t) => t.path === path)
  const next = tabs.filter((t) => t.path !== path)
  if (active !== path) return { tabs: next, active }
  const neighbour = next[index - 1] ?? next[index] ?? HOME_TAB
  return { tabs: next, active: neighbour.path }
}

/** Keeps home and the given tab. */
export function closeOthers(tabs: readonly Tab[], keep: string): Tab[] {
  return normalizeTabs(tabs.filter((t) => t.path === HOME_PATH || t.path === keep))
}

/** Back to the home tab alone. */
export function closeAll(tabs: readonly Tab[]): Tab[] {
  return normalizeTabs(tabs.filter((t) => t.path === HOME_PATH))
}

interface TabsState {
  tabs: Tab[]
  active: string
  /** Replaces the tabs (restored from settings, or reset on sign-in). */
  hydrate: (tabs: readonly Tab[]) => void
  open: (tab: Tab) => void
  /** Closes a tab and returns the path that should now be shown. */
  close: (path: string) => string
  closeOthers: (keep: string) => void
  closeAll: () => string
}

/** The tab bar's store. Persisted through `window.api.settings` by `shell/persist`. */
export const useTabs = create<TabsState>((set, get) => ({
  tabs: [HOME_TAB],
  active: HOME_PATH,
  hydrate: (tabs) => set({ tabs: normalizeTabs(tabs), active: HOME_PATH }),
  open: (tab) => set((s) => ({ tabs: addTab(s.tabs, tab), active: tab.path })),
  close: (path) => {
    const result = closeTab(get().tabs, path, get().active)
    set(result)
    return result.active
  },
  closeOthers: (keep) => set((s) => ({ tabs: closeOthers(s.tabs, keep), active: keep })),
  closeAll: () => {
    set((s) => ({ tabs: closeAll(s.tabs), active: HOME_PATH }))
    return HOME_PATH
  },
}))

/**
 * Screens that must confirm before their tab closes (an exam in progress): a guard per tab path,
 * asked by the tab bar before closing that tab, the others or all.
 */
const closeGuards = new Map<string, () => Promise<boolean>>()

/** Registers a guard for a tab's path; answers the function that removes it. */
export function guardTabClose(path: string, guard: () => Promise<boolean>): () => void {
  closeGuards.set(path, guard)
  return () => {
    if (closeGuards.get(path) === guard) closeGuards.delete(path)
  }
}

/** Whether every guarded tab among `paths` agrees to close. */
export async function mayClose(paths: readonly string[]): Promise<boolean> {
  for (const path of paths) {
    const guard = closeGuards.get(path)
    if (guard && !(await guard())) return false
  }
  return true
}

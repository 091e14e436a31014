import { create } from 'zustand'
import { request } from './request'

/** A node of `GET /api/blade-system/menu/buttons` (contract 5.2). */
export interface ButtonNode {
  code?: string
  children?: ButtonNode[]
}

/** Spec 6 / contract 5.2: every leaf code of the forest becomes `{code: true}`. */
export function flattenButtons(nodes: readonly ButtonNode[]): Record<string, true> {
  const map: Record<string, true> = {}
  const walk = (list: readonly ButtonNode[]) => {
    for (const node of list) {
      if (node.children && node.children.length > 0) walk(node.children)
      else if (node.code) map[node.code] = true
    }
  }
  walk(nodes)
  return map
}

interface PermissionState {
  permission: Record<string, true>
  load: () => Promise<void>
  reset: () => void
}

export const usePermissionStore = create<PermissionState>((set) => ({
  permission: {},
  load: async () => {
    const tree = await request<ButtonNode[]>({ method: 'GET', path: '/api/blade-system/menu/buttons' }).catch(
      () => [],
    )
    set({ permission: flattenButtons(tree ?? []) })
  },
  reset: () => set({ permission: {} }),
}))

/** Whether the signed-in user holds a button permission, e.g. `usePermission('user_add')`. */
export function usePermission(code: string): boolean {
  return usePermissionStore((s) => s.permission[code] === true)
}

/** Outside React: the same check. */
export function hasPermission(code: string): boolean {
  return usePermissionStore.getState().permission[code] === true
}

/** All codes at once, for pages that gate several buttons: `const can = usePermissions(); can('user_add')`. */
export function usePermissions(): (code: string) => boolean {
  const permission = usePermissionStore((s) => s.permission)
  return (code) => permission[code] === true
}

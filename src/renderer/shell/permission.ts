import { create } from 'zustand'
import { shellApi, type ButtonNode } from '../../shared/api/shell'
import { call } from './request'

export type { ButtonNode }

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
    const tree = await call(shellApi.buttons).catch((): ButtonNode[] => [])
    set({ permission: flattenButtons(tree ?? []) })
  },
  reset: () => set({ permission: {} }),
}))

/** Whether the signed-in user holds a button permission, e.g. `usePermission('user_add')`. */
export function usePermission(code: string): boolean {
  return usePermissionStore((s) => s.permission[code] === true)
}

/** All codes at once, for pages that gate several buttons: `const can = usePermissions(); can('user_add')`. */
export function usePermissions(): (code: string) => boolean {
  const permission = usePermissionStore((s) => s.permission)
  return (code) => permission[code] === true
}

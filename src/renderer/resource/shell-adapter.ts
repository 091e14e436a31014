import { useEffect, useState } from 'react'
import { useLanguage } from '../i18n'
import { quietGet, request } from '../shell/request'
import { notify } from '../shell/notify'
import type { Lang } from './fields'

/**
 * What the resource page needs from the shell, in one place: calls, toasts, the language, button
 * permissions and dictionaries. The permission and dictionary hooks below are small stand-ins with the
 * shell's intended signatures (`usePermission(code)`, `useDict(code, biz?)`); when the shell exports
 * its own, re-export them here and nothing else in this folder changes.
 */

export { notify, quietGet, request }

export const useLang = (): Lang => useLanguage((s) => s.language)

// ---- permissions: GET /api/blade-system/menu/buttons, leaf codes flattened into {code: true}

interface ButtonNode {
  code?: string
  children?: ButtonNode[]
}

let buttons: Promise<Record<string, true>> | null = null

export function flattenButtons(nodes: ButtonNode[], out: Record<string, true> = {}): Record<string, true> {
  for (const n of nodes) {
    if (n.children?.length) flattenButtons(n.children, out)
    else if (n.code) out[n.code] = true
  }
  return out
}

function loadButtons(): Promise<Record<string, true>> {
  buttons ??= quietGet<ButtonNode[]>('/api/blade-system/menu/buttons')
    .then((tree) => flattenButtons(Array.isArray(tree) ? tree : []))
    .catch(() => {
      buttons = null
      return {}
    })
  return buttons
}

/** Whether the signed-in user holds the button code (false until the map has loaded). */
export function usePermission(code: string): boolean {
  const [map, setMap] = useState<Record<string, true> | null>(null)
  useEffect(() => {
    let live = true
    void loadButtons().then((m) => live && setMap(m))
    return () => {
      live = false
    }
  }, [])
  return !!map?.[code]
}

/** All codes at once, for pages that gate several buttons. */
export function usePermissions(): (code: string) => boolean {
  const [map, setMap] = useState<Record<string, true>>({})
  useEffect(() => {
    let live = true
    void loadButtons().then((m) => live && setMap(m))
    return () => {
      live = false
    }
  }, [])
  return (code) => !!map[code]
}

// ---- dictionaries: GET /api/blade-system/dict[-biz]/dictionary?code=, cached per code

export interface DictItem {
  dictKey: string
  dictValue: string
}

const dicts = new Map<string, Promise<DictItem[]>>()

export function loadDict(code: string, biz = false): Promise<DictItem[]> {
  const key = `${biz ? 'biz' : 'sys'}:${code}`
  let p = dicts.get(key)
  if (!p) {
    p = quietGet<DictItem[]>(`/api/blade-system/${biz ? 'dict-biz' : 'dict'}/dictionary`, { code })
      .then((items) =>
        Array.isArray(items)
          ? items.map((i) => ({ dictKey: String(i.dictKey), dictValue: String(i.dictValue) }))
          : [],
      )
      .catch(() => {
        dicts.delete(key)
        return []
      })
    dicts.set(key, p)
  }
  return p
}

export function useDict(code: string | undefined, biz = false): DictItem[] {
  const [items, setItems] = useState<DictItem[]>([])
  useEffect(() => {
    if (!code) return
    let live = true
    void loadDict(code, biz).then((i) => live && setItems(i))
    return () => {
      live = false
    }
  }, [code, biz])
  return items
}

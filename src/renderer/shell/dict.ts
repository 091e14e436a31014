import { useEffect, useState } from 'react'
import { quietGet } from './request'

/** An item of `GET /api/blade-system/dict/dictionary?code=` (contract 5.4). */
export interface DictItem {
  id: string
  parentId?: string
  code: string
  dictKey: string
  dictValue: string
  sort?: number
  remark?: string
}

const cache = new Map<string, Promise<DictItem[]>>()

function dictPath(biz: boolean): string {
  return biz ? '/api/blade-system/dict-biz/dictionary' : '/api/blade-system/dict/dictionary'
}

/**
 * A dictionary's items, fetched once per session and shared by every caller (system dictionary,
 * or the business dictionary with `biz`). A failed fetch is not cached, so the next caller retries.
 */
export function loadDict(code: string, biz = false): Promise<DictItem[]> {
  const key = `${biz ? 'biz' : 'sys'}:${code}`
  let pending = cache.get(key)
  if (!pending) {
    pending = quietGet<DictItem[]>(dictPath(biz), { code })
      .then((items) => (Array.isArray(items) ? items : []))
      .catch((error: unknown) => {
        cache.delete(key)
        throw error
      })
    cache.set(key, pending)
  }
  return pending
}

/** Forgets every cached dictionary (the 'clear cache' tab action, sign-out). */
export function clearDictCache(): void {
  cache.clear()
}

/** The label of a key (keys compared as strings, since BladeX keys are strings and values may be numbers). */
export function dictLabel(items: readonly DictItem[], key: unknown): string {
  if (key === null || key === undefined || key === '') return ''
  const wanted = String(key)
  return items.find((item) => item.dictKey === wanted)?.dictValue ?? wanted
}

/**
 * `const { items, loading } = useDict('notice')` for selects and tags; `useDict(code, true)` reads
 * the business dictionary (dict-biz).
 */
export function useDict(code: string | undefined, biz = false): { items: DictItem[]; loading: boolean } {
  const [state, setState] = useState<{ key: string; items: DictItem[] } | null>(null)
  const key = code ? `${biz ? 'biz' : 'sys'}:${code}` : ''
  useEffect(() => {
    if (!code) return
    let live = true
    loadDict(code, biz)
      .then((items) => live && setState({ key, items }))
      .catch(() => live && setState({ key, items: [] }))
    return () => {
      live = false
    }
  }, [code, biz, key])
  if (!code) return { items: [], loading: false }
  const ready = state?.key === key
  return { items: ready ? state.items : [], loading: !ready }
}

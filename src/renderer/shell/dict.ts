import { useEffect, useState } from 'react'
import { shellApi, type DictItem } from '../../shared/api/shell'
import { quietCall } from './request'

/** Here `dictKey` is always a string (BladeX keys are strings; numbers are converted). */
export type { DictItem }

const cache = new Map<string, Promise<DictItem[]>>()

/**
 * A dictionary's items, fetched once per session and shared by every caller (system dictionary,
 * or the business dictionary with `biz`). A failed fetch is not cached, so the next caller retries.
 */
export function loadDict(code: string, biz = false): Promise<DictItem[]> {
  const key = `${biz ? 'biz' : 'sys'}:${code}`
  let pending = cache.get(key)
  if (!pending) {
    pending = quietCall(biz ? shellApi.bizDictionary : shellApi.dictionary, { query: { code } })
      .then((items) =>
        Array.isArray(items)
          ? items.map((item) => ({
              ...item,
              dictKey: String(item.dictKey),
              dictValue: String(item.dictValue),
            }))
          : [],
      )
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
 * `const items = useDict('notice')` for selects and tags (empty until loaded); `useDict(code, true)`
 * reads the business dictionary (dict-biz). `useDictState` also tells whether it is still loading.
 */
export function useDict(code: string | undefined, biz = false): DictItem[] {
  return useDictState(code, biz).items
}

export function useDictState(code: string | undefined, biz = false): { items: DictItem[]; loading: boolean } {
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

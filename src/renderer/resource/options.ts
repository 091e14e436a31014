import { useEffect, useMemo, useState } from 'react'
import type { FieldDef } from '../../shared/resource/types'
import { textOf, type Lang } from './fields'
import { quietGet, useDict } from './shell-adapter'

/**
 * The choices of a select or tree field, whatever their source: a dictionary, fixed options in the
 * definition, or a remote catalogue (a list, a page or a tree). Values are always strings, as the
 * wire and the dictionaries carry them.
 */

// A remote url may carry its parameters (`…/dict/dictionary?code=x`); main takes them
// as `query`, never in the path.

export interface Choice {
  label: string
  value: string
}

export interface TreeChoice extends Choice {
  children?: TreeChoice[]
}

type Row = Record<string, unknown>

const remoteCache = new Map<string, Promise<Row[]>>()

/**
 * Forgets the remote lists read from a resource's routes (`basePath/...`) once it changed, so the
 * next form picks up the new rows (a category added in 栏目管理 shows in the article form).
 */
export function forgetRemote(basePath: string): void {
  for (const url of remoteCache.keys()) if (url.startsWith(`${basePath}/`)) remoteCache.delete(url)
}

function loadRemote(url: string): Promise<Row[]> {
  let p = remoteCache.get(url)
  if (!p) {
    const [path, search = ''] = url.split('?')
    p = quietGet<unknown>(path, Object.fromEntries(new URLSearchParams(search)))
      .then((data) => {
        if (Array.isArray(data)) return data as Row[]
        const records = (data as { records?: unknown } | null)?.records
        return Array.isArray(records) ? (records as Row[]) : []
      })
      .catch(() => {
        remoteCache.delete(url)
        return []
      })
    remoteCache.set(url, p)
  }
  return p
}

export function toTree(rows: Row[], label: string, value: string): TreeChoice[] {
  return rows.map((r) => {
    const children = Array.isArray(r.children) ? toTree(r.children as Row[], label, value) : undefined
    return {
      label: String(r[label] ?? ''),
      value: String(r[value] ?? r.id ?? ''),
      ...(children?.length ? { children } : {}),
    }
  })
}

export function flattenTree(nodes: TreeChoice[], out: Choice[] = []): Choice[] {
  for (const n of nodes) {
    out.push({ label: n.label, value: n.value })
    if (n.children) flattenTree(n.children, out)
  }
  return out
}

/** A tree-shaped choice list (remote trees keep their shape; flat sources become one level). */
export function useTreeChoices(f: FieldDef, lang: Lang): TreeChoice[] {
  const dict = useDict(f.dict?.code, f.dict?.biz)
  const [remote, setRemote] = useState<Row[]>([])
  const url = f.remote?.url
  useEffect(() => {
    if (!url) return
    let live = true
    void loadRemote(url).then((rows) => live && setRemote(rows))
    return () => {
      live = false
    }
  }, [url])
  return useMemo(() => {
    if (f.remote) return toTree(remote, f.remote.label, f.remote.value)
    if (f.options) return f.options.map((o) => ({ label: textOf(o.label, lang), value: String(o.value) }))
    return dict.map((d) => ({ label: d.dictValue, value: d.dictKey }))
  }, [f.remote, f.options, remote, dict, lang])
}

/** Flat choices (every node of a tree), for selects, tags and label lookups. */
export function useChoices(f: FieldDef, lang: Lang): Choice[] {
  const tree = useTreeChoices(f, lang)
  return useMemo(() => flattenTree(tree), [tree])
}

/** Labels of a stored value (one key or a comma-joined list) in the given choices. */
export function labelsOf(value: unknown, choices: Choice[]): string[] {
  if (value === null || value === undefined || value === '') return []
  const keys = Array.isArray(value) ? value.map(String) : String(value).split(',')
  return keys.filter((k) => k !== '').map((k) => choices.find((c) => c.value === k.trim())?.label ?? k)
}

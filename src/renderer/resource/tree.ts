import type { ResourceDef } from '../../shared/resource/types'
import type { GridRow, Row } from './ResourceGrid'

/**
 * Tree tables (`def.tree`): a forest from `list` (nested `children`, or flat rows linked by the
 * parent field), or lazily loaded levels from `lazy-list?parentId=`; flattened into the visible
 * grid rows from the expanded set. Pure, for the page and its tests.
 */

const keyOf = (r: Row) => String(r.id)

/** Nested children as BladeX returns them, or a forest built from flat rows by the parent field. */
export function toForest(def: ResourceDef, rows: Row[]): Row[] {
  if (rows.some((r) => Array.isArray(r.children))) return rows
  const parentField = def.tree?.parentField ?? 'parentId'
  const byId = new Map(rows.map((r) => [keyOf(r), { ...r } as Row]))
  const roots: Row[] = []
  for (const r of byId.values()) {
    const parent = byId.get(String(r[parentField] ?? ''))
    if (parent && parent !== r) ((parent.children as Row[] | undefined) ?? (parent.children = [])).push(r)
    else roots.push(r)
  }
  return roots
}

/** Children of a node: nested ones, or a lazily loaded level; undefined = not loaded yet. */
export type ChildrenOf = (row: Row) => Row[] | undefined

export function visibleRows(
  roots: Row[],
  expanded: Set<string>,
  childrenOf: ChildrenOf,
  hasChildren: (row: Row) => boolean,
  loading: Set<string> = new Set(),
): GridRow[] {
  const out: GridRow[] = []
  const walk = (rows: Row[], depth: number) => {
    rows.forEach((row, i) => {
      const key = keyOf(row)
      const kids = childrenOf(row)
      const expandable = kids ? kids.length > 0 : hasChildren(row)
      const open = expandable && expanded.has(key)
      out.push({
        key,
        row,
        depth,
        index: depth === 0 ? i + 1 : undefined,
        expanded: expandable ? open : null,
        loading: loading.has(key),
      })
      if (open && kids) walk(kids, depth + 1)
    })
  }
  walk(roots, 0)
  return out
}

/** Nested `children` of a row from `list`, if any. */
export const nestedChildren = (row: Row): Row[] | undefined =>
  Array.isArray(row.children) ? (row.children as Row[]) : []

/** A lazy row may have children unless the server says `hasChildren: false`. */
export const lazyHasChildren = (row: Row): boolean => row.hasChildren !== false

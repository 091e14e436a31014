import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ResourceDef } from '../../shared/resource/types'
import { routesOf } from '../../shared/resource/types'
import { isCallError } from '../../shared/ipc/api'
import type { GridRow, Row } from './ResourceGrid'
import type { Query } from './query'
import { request } from './shell-adapter'
import { lazyHasChildren, nestedChildren, toForest, visibleRows } from './tree'

/**
 * Loads what the grid shows for a query: a BladeX page from `page` (or a `list` that pages), a whole
 * forest from `list` for tree tables, or lazy levels (`lazy-list?parentId=` unless the tree names its
 * `lazyLevels`). Keeps the last answer on screen while reloading and ignores answers to queries that
 * were superseded.
 */
export interface ResourceData {
  rows: GridRow[]
  total: number
  /** Whether the answer was a page (the pager is shown) or a whole list. */
  paged: boolean
  loading: boolean
  error: string | null
  reload: () => void
  toggle: (row: GridRow) => void
}

interface PageAnswer {
  records: Row[]
  total: number | string
}

/** Lazy levels: `lazy-list?parentId=` from root "0" unless the tree says otherwise. */
const LAZY_LIST = { route: 'lazy-list', param: 'parentId', root: '0' }

const isPage = (v: unknown): v is PageAnswer =>
  !!v && typeof v === 'object' && Array.isArray((v as PageAnswer).records)

export function useResourceData(
  def: ResourceDef,
  query: Query,
  paging: { current: number; size: number },
  /** A list route of its own (e.g. the dictionary's `parent-list`), instead of page/list/lazy-list. */
  listPath?: string,
): ResourceData {
  const routes = routesOf(def)
  const lazy = !!def.tree?.lazy
  const levels = def.tree?.lazyLevels ?? LAZY_LIST
  const [roots, setRoots] = useState<Row[]>([])
  const [total, setTotal] = useState(0)
  const [paged, setPaged] = useState(!def.tree)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const [expanded, setExpanded] = useState<Set<string>>(new Set())
  const [lazyKids, setLazyKids] = useState<Map<string, Row[]>>(new Map())
  const [loadingKids, setLoadingKids] = useState<Set<string>>(new Set())
  const [tick, setTick] = useState(0)
  const seq = useRef(0)
  const expandedNow = useRef(expanded)
  expandedNow.current = expanded
  const key = JSON.stringify(query)

  const fetchLevel = useCallback(
    (parent: string, q: Query = {}) =>
      request<Row[]>({
        method: 'GET',
        path: `${def.basePath}/${levels.route}`,
        query: { ...q, [levels.param]: parent },
      }).then((rows) => (Array.isArray(rows) ? rows : [])),
    [def.basePath, levels.route, levels.param],
  )

  useEffect(() => {
    const mine = ++seq.current
    setLoading(true)
    setError(null)
    const q = JSON.parse(key) as Query
    const call = listPath
      ? request<unknown>({
          method: 'GET',
          path: listPath,
          query: def.tree ? q : { ...q, current: paging.current, size: paging.size },
        })
      : def.tree
        ? lazy
          ? fetchLevel(levels.root, q)
          : request<Row[]>({ method: 'GET', path: `${def.basePath}/list`, query: q })
        : request<unknown>({
            method: 'GET',
            path: `${def.basePath}/${routes.includes('page') ? 'page' : 'list'}`,
            query: { ...q, current: paging.current, size: paging.size },
          })
    call
      .then((data) => {
        if (mine !== seq.current) return
        if (isPage(data)) {
          setRoots(data.records)
          setTotal(Number(data.total) || 0)
          setPaged(true)
        } else {
          const list = Array.isArray(data) ? (data as Row[]) : []
          setRoots(def.tree && !lazy ? toForest(def, list) : list)
          setTotal(list.length)
          setPaged(false)
        }
        // a reload (after a save) re-reads the open levels, so a new child shows under its parent
        const open = lazy ? [...expandedNow.current] : []
        if (!open.length) setLazyKids(new Map())
        else
          void Promise.all(
            open.map((k) =>
              fetchLevel(k).then(
                (rows) => [k, rows] as const,
                () => null,
              ),
            ),
          ).then((loaded) => mine === seq.current && setLazyKids(new Map(loaded.filter((l) => l !== null))))
      })
      .catch((e: unknown) => {
        if (mine !== seq.current) return
        setError(isCallError(e) ? e.message : e instanceof Error ? e.message : String(e))
        setRoots([])
        setTotal(0)
      })
      .finally(() => mine === seq.current && setLoading(false))
    // `routes` derives from def
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, key, paging.current, paging.size, tick, lazy, listPath, fetchLevel, levels.root])

  const toggle = useCallback(
    (r: GridRow) => {
      const k = r.key
      if (expanded.has(k)) {
        setExpanded((prev) => {
          const next = new Set(prev)
          next.delete(k)
          return next
        })
        return
      }
      setExpanded((prev) => new Set(prev).add(k))
      if (!lazy || lazyKids.has(k)) return
      setLoadingKids((prev) => new Set(prev).add(k))
      fetchLevel(k)
        .then((rows) => setLazyKids((prev) => new Map(prev).set(k, rows)))
        .catch(() =>
          setExpanded((prev) => {
            const next = new Set(prev)
            next.delete(k)
            return next
          }),
        )
        .finally(() =>
          setLoadingKids((prev) => {
            const next = new Set(prev)
            next.delete(k)
            return next
          }),
        )
    },
    [expanded, lazy, lazyKids, fetchLevel],
  )

  const rows = useMemo<GridRow[]>(() => {
    if (!def.tree) {
      const offset = paged ? (paging.current - 1) * paging.size : 0
      return roots.map((row, i) => ({
        key: String(row.id ?? i),
        row,
        index: offset + i + 1,
        depth: 0,
        expanded: null,
      }))
    }
    return lazy
      ? visibleRows(roots, expanded, (r) => lazyKids.get(String(r.id)), lazyHasChildren, loadingKids)
      : visibleRows(roots, expanded, nestedChildren, () => false)
  }, [def.tree, lazy, roots, expanded, lazyKids, loadingKids, paged, paging])

  const reload = useCallback(() => setTick((t) => t + 1), [])
  return { rows, total, paged, loading, error, reload, toggle }
}

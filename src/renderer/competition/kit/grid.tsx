import { makeStyles, tokens } from '@fluentui/react-components'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { Page } from '../../../shared/api/envelope'
import type { FieldDef, ResourceDef, Text } from '../../../shared/resource/types'
import { errorMessage } from '../../shell/request'
import { Pager } from '../../resource/Pager'
import { DEFAULT_PAGE_SIZE } from '../../resource/query'
import { ResourceGrid, type GridRow, type Row } from '../../resource/ResourceGrid'
import { useLang } from '../../resource/shell-adapter'

/**
 * The lists of the competition screens: the resource engine's grid and pager over rows an area call
 * answers, with columns given as fields (labels, dictionaries, widths) and row buttons that follow
 * each row's state.
 */

export const useGridStyles = makeStyles({
  page: {
    height: '100%',
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}`,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  spacer: { flex: 1 },
  grid: { flex: 1, minHeight: '240px', display: 'flex', flexDirection: 'column' },
})

/** A display column over a screen's own rows (the area's lists are in zh). */
export function column(name: string, zh: string, width = 110, type: FieldDef['type'] = 'string'): FieldDef {
  return { name, type, label: { zh, en: zh }, columnWidth: width }
}

/** A display-only definition for the grid: its columns and accessible name. */
export function viewDef(name: string, label: Text, fields: FieldDef[]): ResourceDef {
  return { name, table: name, basePath: '', label, tenant: true, permission: name, fields }
}

export interface Paged<T> {
  rows: T[]
  total: number
  paging: { current: number; size: number }
  setPaging: (p: { current: number; size: number }) => void
  loading: boolean
  error: string | null
  reload: () => void
}

/** Loads a page whenever the paging, `key` (the filters) or a reload asks; keeps the last rows meanwhile. */
export function usePaged<T>(
  load: (paging: { current: number; size: number }) => Promise<Page<T>>,
  key: string,
): Paged<T> {
  const [paging, setPaging] = useState({ current: 1, size: DEFAULT_PAGE_SIZE })
  const [state, setState] = useState<{ rows: T[]; total: number }>({ rows: [], total: 0 })
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const [tick, setTick] = useState(0)
  const seq = useRef(0)
  const loader = useRef(load)
  loader.current = load
  const lastKey = useRef(key)
  useEffect(() => {
    if (lastKey.current !== key && paging.current !== 1) {
      lastKey.current = key
      setPaging((p) => ({ ...p, current: 1 }))
      return
    }
    lastKey.current = key
    const mine = ++seq.current
    setLoading(true)
    setError(null)
    loader
      .current(paging)
      .then(
        (page) => mine === seq.current && setState({ rows: page.records, total: Number(page.total) || 0 }),
      )
      .catch((e: unknown) => mine === seq.current && setError(errorMessage(e)))
      .finally(() => mine === seq.current && setLoading(false))
  }, [key, paging, tick])
  const reload = useCallback(() => setTick((t) => t + 1), [])
  return { ...state, paging, setPaging, loading, error, reload }
}

export interface AreaGridProps<T extends object> {
  def: ResourceDef
  rows: T[]
  loading?: boolean
  error?: string | null
  onRetry?: () => void
  keyOf?: (row: T) => string
  /** Multi-select (batch actions). */
  selected?: Set<string>
  onSelected?: (keys: Set<string>) => void
  buttons?: (row: T) => ReactNode
  /** Width of the row buttons' column (px). */
  buttonsWidth?: number
  /** A pager under the grid. */
  paged?: Paged<T>
}

export function AreaGrid<T extends object>({
  def,
  rows,
  loading = false,
  error = null,
  onRetry,
  keyOf = (r) => String((r as Row).id),
  selected,
  onSelected,
  buttons,
  buttonsWidth,
  paged,
}: AreaGridProps<T>) {
  const lang = useLang()
  const s = useGridStyles()
  const items: GridRow[] = useMemo(
    () =>
      rows.map((r, i) => ({
        key: keyOf(r) || `row-${i}`,
        row: r as Row,
        depth: 0,
        expanded: null,
        index: (paged ? (paged.paging.current - 1) * paged.paging.size : 0) + i + 1,
      })),
    // keyOf is a stable arrow per screen; the paging only numbers the rows it brought
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows],
  )
  const none = useMemo(() => new Set<string>(), [])
  const render = useMemo(() => (buttons ? (row: Row) => buttons(row as T) : undefined), [buttons])
  return (
    <div className={s.grid}>
      <ResourceGrid
        def={def}
        lang={lang}
        rows={items}
        loading={loading}
        error={error}
        onRetry={onRetry ?? (() => undefined)}
        sort={null}
        onSortChange={() => undefined}
        selected={selected ?? none}
        onSelectedChange={onSelected ?? (() => undefined)}
        actions={{}}
        renderRowExtra={render}
        rowExtraWidth={buttonsWidth}
      />
      {paged ? (
        <Pager
          lang={lang}
          total={paged.total}
          current={paged.paging.current}
          size={paged.paging.size}
          onChange={(current, size) => paged.setPaging({ current, size })}
        />
      ) : null}
    </div>
  )
}

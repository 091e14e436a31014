import {
  renderDataGridBody_unstable,
  useDataGridBodyStyles_unstable,
  useDataGridContext_unstable,
  useTableBody_unstable,
  type DataGridBodyProps,
  type DataGridBodyState,
  type TableRowData,
} from '@fluentui/react-components'
import { useEffect, useState, type RefObject } from 'react'

/**
 * A windowed DataGrid body: only the rows in view (plus a margin) are mounted, with spacers standing
 * in for the rest, so a page of 200 rows, or a tree level of 10,000, scrolls as lightly as one of 10.
 * Rows have a fixed height; the scroll container is the grid's wrapper (the header is sticky inside it).
 *
 * Unlike Fluent's DataGridBody it builds row states for the window only (Fluent's maps and sorts every
 * item on each render): the items are shown in the order given, as the grid sorts on the server.
 */
export interface VirtualBodyProps<T> extends DataGridBodyProps<T> {
  rowHeight: number
  scrollRef: RefObject<HTMLElement | null>
  /** Rows kept mounted above and below the viewport. */
  overscan?: number
}

/** Lists up to this many rows are mounted whole. */
const WHOLE = 60

/** The slice [start, end) of rows to mount for a scroll position. Exported for its test. */
export function windowOf(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewport: number,
  overscan: number,
) {
  if (count <= WHOLE) return { start: 0, end: count }
  if (viewport <= 0) return { start: 0, end: Math.min(count, 50) }
  const first = Math.min(Math.floor(scrollTop / rowHeight), count)
  const start = Math.max(0, first - overscan)
  const end = Math.min(count, first + Math.ceil(viewport / rowHeight) + overscan)
  return { start, end }
}

export function VirtualBody<T>({
  rowHeight,
  scrollRef,
  overscan = 8,
  children,
  ...props
}: VirtualBodyProps<T>) {
  const items = useDataGridContext_unstable((ctx) => ctx.items) as T[]
  const getRowId = useDataGridContext_unstable((ctx) => ctx.getRowId) as
    ((item: T) => TableRowData<T>['rowId']) | undefined
  const base = useTableBody_unstable({ ...props, children: null, as: 'div' }, null)
  const [view, setView] = useState({ top: 0, height: 0 })
  useEffect(() => {
    const el = scrollRef.current
    if (!el) return
    // Re-render only when the first row in view or the viewport changes: a smooth scroll fires
    // many events within one row.
    const update = () =>
      setView((prev) =>
        Math.floor(prev.top / rowHeight) === Math.floor(el.scrollTop / rowHeight) &&
        prev.height === el.clientHeight
          ? prev
          : { top: el.scrollTop, height: el.clientHeight },
      )
    update()
    el.addEventListener('scroll', update, { passive: true })
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update)
    ro?.observe(el)
    return () => {
      el.removeEventListener('scroll', update)
      ro?.disconnect()
    }
  }, [scrollRef, rowHeight])
  const { start, end } = windowOf(items.length, rowHeight, view.top, view.height, overscan)
  const rows: TableRowData<T>[] = []
  for (let i = start; i < end; i++) {
    const item = items[i]!
    rows.push({ item, rowId: getRowId?.(item) ?? i })
  }
  const state = { ...base, rows, renderRow: children } as unknown as DataGridBodyState
  useDataGridBodyStyles_unstable(state)
  if (start > 0 || end < items.length)
    state.root.style = {
      ...state.root.style,
      paddingTop: start * rowHeight,
      paddingBottom: (items.length - end) * rowHeight,
    }
  return renderDataGridBody_unstable(state)
}

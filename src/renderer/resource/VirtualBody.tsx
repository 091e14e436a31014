import {
  renderDataGridBody_unstable,
  useDataGridBodyStyles_unstable,
  useDataGridBody_unstable,
  type DataGridBodyProps,
} from '@fluentui/react-components'
import { useEffect, useState, type RefObject } from 'react'

/**
 * A windowed DataGrid body: only the rows in view (plus a margin) are mounted, with spacers standing
 * in for the rest, so a page of 200 rows scrolls as lightly as one of 10. Rows have a fixed height;
 * the scroll container is the grid's wrapper (the header is sticky inside it).
 */
export interface VirtualBodyProps<T> extends DataGridBodyProps<T> {
  rowHeight: number
  scrollRef: RefObject<HTMLElement | null>
  /** Rows kept mounted above and below the viewport. */
  overscan?: number
}

/** The slice [start, end) of rows to mount for a scroll position. Exported for its test. */
export function windowOf(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewport: number,
  overscan: number,
) {
  if (viewport <= 0) return { start: 0, end: Math.min(count, 50) }
  const first = Math.floor(scrollTop / rowHeight)
  const start = Math.max(0, first - overscan)
  const end = Math.min(count, first + Math.ceil(viewport / rowHeight) + overscan)
  return { start, end }
}

export function VirtualBody<T>({ rowHeight, scrollRef, overscan = 8, ...props }: VirtualBodyProps<T>) {
  const state = useDataGridBody_unstable(props as DataGridBodyProps, null)
  useDataGridBodyStyles_unstable(state)
  const [view, setView] = useState({ top: 0, height: 0 })
  useEffect(() => {
    const el = scrollRef.current
    if (!el) return
    // Re-render only when the first row in view or the viewport changes: a smooth scroll fires
    // many events within one row, and each render rebuilds the grid's row states.
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
  const rows = state.rows
  if (rows.length <= 60) return renderDataGridBody_unstable(state)
  const { start, end } = windowOf(rows.length, rowHeight, view.top, view.height, overscan)
  state.rows = rows.slice(start, end)
  state.root.style = {
    ...state.root.style,
    paddingTop: start * rowHeight,
    paddingBottom: (rows.length - end) * rowHeight,
  }
  return renderDataGridBody_unstable(state)
}

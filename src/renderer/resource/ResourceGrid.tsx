import {
  Button,
  DataGrid,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
  Spinner,
  createTableColumn,
  makeStyles,
  mergeClasses,
  tokens,
  type DataGridRowProps,
  type TableColumnDefinition,
  type TableColumnId,
} from '@fluentui/react-components'
import {
  ChevronDownRegular,
  ChevronRightRegular,
  DeleteRegular,
  DocumentSearchRegular,
  EditRegular,
  ErrorCircleRegular,
  EyeRegular,
} from '@fluentui/react-icons'
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react'
import type { FieldDef, ResourceDef } from '../../shared/resource/types'
import { controlOf, decimalText, hasOptions, listFields, textOf, type Lang } from './fields'
import type { SortState } from './query'
import { sayer } from './strings'
import { ValueTags } from './ValueTags'
import { VirtualBody } from './VirtualBody'

/**
 * The list of the page: a Fluent DataGrid with an index column, multi-row selection, server-side
 * sorting, dictionary values as tags, row actions, tree rows with expanders, a windowed body, and
 * finished empty / loading / error states.
 */

export type Row = Record<string, unknown>

export interface GridRow {
  key: string
  row: Row
  /** 1-based position on the page (tree children are not numbered). */
  index?: number
  depth: number
  /** null = leaf; true/false = expanded or not. */
  expanded: boolean | null
  loading?: boolean
}

export interface RowActions {
  view?: (row: Row) => void
  edit?: (row: Row) => void
  remove?: (row: Row) => void
}

export interface ResourceGridProps {
  def: ResourceDef
  lang: Lang
  rows: GridRow[]
  loading: boolean
  error: string | null
  onRetry: () => void
  sort: SortState | null
  onSortChange: (sort: SortState | null) => void
  selected: Set<string>
  onSelectedChange: (keys: Set<string>) => void
  actions: RowActions
  onToggle?: (row: GridRow) => void
  /** Extra row buttons of a screen, after 查看/编辑/删除. */
  renderRowExtra?: (row: Row) => ReactNode
  /** Width of what renderRowExtra draws (default 96 px, one button). */
  rowExtraWidth?: number
}

export const ROW_HEIGHT = 40
/** Fluent's selection cell (checkbox column). */
const SELECTION_WIDTH = 44
const INDEX_WIDTH = 56
/** Class name of the sticky cells, for the row's hover and selection colours. */
const STICKY = 'lab-grid-sticky'
const rowIdOf = (r: GridRow) => r.key

const useStyles = makeStyles({
  wrap: {
    position: 'relative',
    flex: 1,
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    overflow: 'hidden',
  },
  scroll: { flex: 1, minHeight: 0, overflow: 'auto' },
  // Long cell text must not widen the grid: it is as wide as the view, or the columns' minimum sum.
  grid: { width: '100%' },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    backgroundColor: tokens.colorNeutralBackground3,
    boxShadow: `inset 0 -1px 0 ${tokens.colorNeutralStroke2}`,
  },
  headerCell: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  row: {
    height: `${ROW_HEIGHT}px`,
    minHeight: `${ROW_HEIGHT}px`,
    [`:hover .${STICKY}`]: { backgroundColor: tokens.colorSubtleBackgroundHover },
    [`:active .${STICKY}`]: { backgroundColor: tokens.colorSubtleBackgroundPressed },
    [`&[aria-selected="true"] .${STICKY}`]: { backgroundColor: tokens.colorBrandBackground2 },
  },
  cell: { minWidth: 0, overflow: 'hidden' },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  index: { color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
  // Sticky columns of a wide list: selection, 序号 and the first field at the left, the row buttons at
  // the right. They need the row's background of their own (hover, selection) to cover what scrolls
  // under them; the row styles below repaint them through the STICKY class name.
  sticky: {
    position: 'sticky',
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  stickyHeader: { backgroundColor: tokens.colorNeutralBackground3 },
  leftEdge: { boxShadow: `inset -1px 0 0 ${tokens.colorNeutralStroke2}` },
  rightEdge: { right: 0, boxShadow: `inset 1px 0 0 ${tokens.colorNeutralStroke2}` },
  actions: {
    display: 'flex',
    gap: '2px',
    flexWrap: 'nowrap',
    '& button': {
      minWidth: 'auto',
      paddingLeft: '4px',
      paddingRight: '6px',
      whiteSpace: 'nowrap',
      flexShrink: 0,
    },
  },
  tree: { display: 'flex', alignItems: 'center', minWidth: 0 },
  toggle: { minWidth: '24px', width: '24px', height: '24px', padding: 0, flexShrink: 0 },
  toggleSpace: { width: '24px', flexShrink: 0 },
  overlay: {
    position: 'absolute',
    inset: 0,
    top: '41px',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalS,
    color: tokens.colorNeutralForeground3,
    pointerEvents: 'none',
  },
  veil: { backgroundColor: 'rgba(255,255,255,0.55)', pointerEvents: 'auto' },
  stateIcon: { fontSize: '48px', color: tokens.colorNeutralForeground4 },
  errorIcon: { fontSize: '40px', color: tokens.colorPaletteRedForeground1 },
  retry: { pointerEvents: 'auto' },
  danger: { color: tokens.colorPaletteRedForeground1 },
})

/** Columns of a definition, exported for tests: index, then the list fields, then actions. */
export function columnIds(def: ResourceDef, withActions: boolean): string[] {
  return ['_index', ...listFields(def).map((f) => f.name), ...(withActions ? ['_actions'] : [])]
}

/**
 * The sort after a header click: ascending, then descending, then the server's default order
 * again (Fluent alone would cycle between the two directions only).
 */
export function nextSort(
  current: SortState | null,
  column: TableColumnId | undefined,
  direction: 'ascending' | 'descending',
): SortState | null {
  if (column === undefined) return null
  const field = String(column)
  if (current?.field === field && current.desc && direction === 'ascending') return null
  return { field, desc: direction === 'descending' }
}

const widthOf = (f: FieldDef): number => {
  if (f.columnWidth) return f.columnWidth
  const c = controlOf(f)
  if (c === 'textarea') return 240
  if (c === 'datetime') return 170
  if (c === 'multitree' || c === 'multiselect') return 200
  return Math.max(140, f.label.zh.length * 16 + 40)
}

const flex = (w: number, grow = 1): CSSProperties => ({
  flex: `${grow} 1 ${w}px`,
  minWidth: `${Math.min(w, 120)}px`,
})
const fixed = (w: number): CSSProperties => ({ flex: `0 0 ${w}px`, minWidth: `${w}px`, maxWidth: `${w}px` })

/** How a column sticks: at the left, at the left as the last of those (edge line), at the right. */
type Sticky = 'left' | 'edge' | 'right'

/**
 * Keeps the horizontal scroll where it is when a pointer focuses something in the grid (a row, a row
 * button) or focus lands in a sticky cell (e.g. back on 编辑 after its dialog): the browser would
 * scroll the focused element fully into view and push the first columns out. Keyboard moves to a
 * scrolling cell still scroll it into view.
 */
function useSteadyHorizontalScroll(scrollRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = scrollRef.current
    if (!el) return
    let left = el.scrollLeft
    let pointer = false
    const onScroll = () => (left = el.scrollLeft)
    const onDown = () => {
      pointer = true
      left = el.scrollLeft
    }
    const onUp = () => (pointer = false)
    const onFocus = (e: FocusEvent) => {
      if (el.scrollLeft === left) return
      if (pointer || (e.target instanceof Element && e.target.closest(`.${STICKY}`))) el.scrollLeft = left
    }
    el.addEventListener('scroll', onScroll, { passive: true })
    el.addEventListener('pointerdown', onDown, true)
    window.addEventListener('pointerup', onUp, true)
    window.addEventListener('pointercancel', onUp, true)
    el.addEventListener('focusin', onFocus)
    return () => {
      el.removeEventListener('scroll', onScroll)
      el.removeEventListener('pointerdown', onDown, true)
      window.removeEventListener('pointerup', onUp, true)
      window.removeEventListener('pointercancel', onUp, true)
      el.removeEventListener('focusin', onFocus)
    }
  }, [scrollRef])
}

/**
 * A body row, memoised: moving the window re-renders only the rows that come into view (selection,
 * columns and focus reach a mounted row through the grid's context).
 */
const BodyRow = memo(function BodyRow(props: {
  item: GridRow
  className: string
  selectionCell: DataGridRowProps['selectionCell']
  cellProps: (columnId: TableColumnId, header: boolean) => { className: string; style?: CSSProperties }
}) {
  const { item, className, selectionCell, cellProps } = props
  return (
    <DataGridRow<GridRow> className={className} selectionCell={selectionCell}>
      {({ renderCell, columnId }) => (
        <DataGridCell {...cellProps(columnId, false)}>{renderCell(item)}</DataGridCell>
      )}
    </DataGridRow>
  )
})

/** The client width of an element, followed as it resizes (0 before the first layout). */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const update = () => setWidth(el.clientWidth)
    update()
    if (typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(update)
    ro.observe(el)
    return () => ro.disconnect()
  }, [ref])
  return width
}

function cellText(value: unknown, field: FieldDef): string {
  if (value === null || value === undefined || value === '') return '-'
  return field.type === 'decimal' ? decimalText(value) : String(value)
}

export function ResourceGrid(props: ResourceGridProps) {
  const {
    def,
    lang,
    rows,
    loading,
    error,
    onRetry,
    sort,
    onSortChange,
    selected,
    onSelectedChange,
    actions,
    onToggle,
  } = props
  const s = useStyles()
  const say = sayer(lang)
  const scrollRef = useRef<HTMLDivElement>(null)
  const fields = useMemo(() => listFields(def), [def])
  const hasActions = !!(actions.view || actions.edit || actions.remove || props.renderRowExtra)
  const actionWidth =
    24 +
    [actions.view, actions.edit, actions.remove].filter(Boolean).length * (lang === 'zh' ? 62 : 72) +
    (props.renderRowExtra ? (props.rowExtraWidth ?? 96) : 0)
  const treeField = def.tree?.titleField ?? fields[0]?.name

  const minGridWidth = useMemo(
    () =>
      SELECTION_WIDTH +
      INDEX_WIDTH +
      (hasActions ? actionWidth : 0) +
      fields.reduce((n, f) => n + widthOf(f), 0),
    [fields, hasActions, actionWidth],
  )

  // Sticky columns only while they leave the scrolling ones room (a narrow view scrolls them all).
  const viewWidth = useWidth(scrollRef)
  const firstField = fields[0]
  const leftWidth = SELECTION_WIDTH + INDEX_WIDTH
  const stickRight = hasActions && viewWidth >= leftWidth + actionWidth + 160
  const stickFirst =
    !!firstField && stickRight && viewWidth >= leftWidth + widthOf(firstField) + actionWidth + 240

  /** Width and stickiness of each column: 序号 and the first field stick at the left, actions at the right. */
  const layout = useMemo(() => {
    const m = new Map<TableColumnId, { style: CSSProperties; sticky?: Sticky }>()
    m.set('_index', {
      style: { ...fixed(INDEX_WIDTH), left: SELECTION_WIDTH },
      sticky: stickFirst ? 'left' : 'edge',
    })
    m.set('_actions', { style: fixed(actionWidth), sticky: stickRight ? 'right' : undefined })
    for (const f of fields) {
      const style = flex(widthOf(f), controlOf(f) === 'textarea' ? 2 : 1)
      if (stickFirst && f === firstField)
        m.set(f.name, { style: { ...style, left: leftWidth }, sticky: 'edge' })
      else m.set(f.name, { style })
    }
    return m
  }, [fields, actionWidth, stickFirst, stickRight, firstField, leftWidth])

  const stickyClass = (sticky: Sticky | undefined, header: boolean) =>
    sticky &&
    mergeClasses(
      STICKY,
      s.sticky,
      header && s.stickyHeader,
      sticky === 'edge' && s.leftEdge,
      sticky === 'right' && s.rightEdge,
    )
  // Stable between renders, so the mounted body rows (memoised) skip re-rendering as the window moves.
  const cellProps = useCallback(
    (columnId: TableColumnId, header: boolean) => {
      const l = layout.get(columnId)
      return {
        className: mergeClasses(header ? s.headerCell : s.cell, stickyClass(l?.sticky, header)),
        style: l?.style,
      }
    },
    // `stickyClass` follows `s`
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layout, s],
  )
  const selectionCell = useMemo(() => {
    const of = (header: boolean) => ({
      className: stickyClass('left', header) || undefined,
      style: { left: 0 },
      checkboxIndicator: { 'aria-label': header ? 'select all' : 'select row' },
    })
    return { header: of(true), row: of(false) }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [s])
  useSteadyHorizontalScroll(scrollRef)

  const columns = useMemo<TableColumnDefinition<GridRow>[]>(() => {
    const out: TableColumnDefinition<GridRow>[] = [
      createTableColumn<GridRow>({
        columnId: '_index',
        renderHeaderCell: () => say('index'),
        renderCell: (r) => <span className={s.index}>{r.index ?? ''}</span>,
      }),
    ]
    for (const f of fields) {
      out.push(
        createTableColumn<GridRow>({
          columnId: f.name,
          // Sorting happens on the server: a neutral compare keeps the server's order.
          // (Fluent treats a compare taking no arguments as "not sortable".)
          compare: f.sortable ? (_a: GridRow, _b: GridRow) => 0 : undefined,
          renderHeaderCell: () => textOf(f.label, lang),
          renderCell: (r) => {
            const content = hasOptions(f) ? (
              <ValueTags field={f} value={r.row[f.name]} lang={lang} max={3} row={r.row} />
            ) : controlOf(f) === 'password' ? (
              '••••••'
            ) : controlOf(f) === 'switch' ? (
              say(String(r.row[f.name]) === '1' ? 'yes' : 'no')
            ) : (
              <span className={s.ellipsis} title={cellText(r.row[f.name], f)}>
                {cellText(r.row[f.name], f)}
              </span>
            )
            if (!def.tree || f.name !== treeField) return content
            return (
              <span className={s.tree} style={{ paddingLeft: r.depth * 20 }}>
                {r.expanded === null ? (
                  <span className={s.toggleSpace} />
                ) : (
                  <Button
                    className={s.toggle}
                    appearance="transparent"
                    size="small"
                    aria-label={r.expanded ? say('collapse') : say('expand')}
                    aria-expanded={r.expanded}
                    icon={
                      r.loading ? (
                        <Spinner size="extra-tiny" />
                      ) : r.expanded ? (
                        <ChevronDownRegular />
                      ) : (
                        <ChevronRightRegular />
                      )
                    }
                    onClick={(e) => {
                      e.stopPropagation()
                      onToggle?.(r)
                    }}
                  />
                )}
                {content}
              </span>
            )
          },
        }),
      )
    }
    if (hasActions) {
      out.push(
        createTableColumn<GridRow>({
          columnId: '_actions',
          renderHeaderCell: () => say('actions'),
          renderCell: (r) => (
            <span className={s.actions} onClick={(e) => e.stopPropagation()}>
              {actions.view ? (
                <Button
                  size="small"
                  appearance="transparent"
                  icon={<EyeRegular />}
                  onClick={() => actions.view!(r.row)}
                >
                  {say('view')}
                </Button>
              ) : null}
              {actions.edit ? (
                <Button
                  size="small"
                  appearance="transparent"
                  icon={<EditRegular />}
                  onClick={() => actions.edit!(r.row)}
                >
                  {say('edit')}
                </Button>
              ) : null}
              {actions.remove ? (
                <Button
                  size="small"
                  appearance="transparent"
                  className={s.danger}
                  icon={<DeleteRegular />}
                  onClick={() => actions.remove!(r.row)}
                >
                  {say('delete')}
                </Button>
              ) : null}
              {props.renderRowExtra?.(r.row)}
            </span>
          ),
        }),
      )
    }
    return out
    // `say` follows `lang`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fields, lang, def.tree, treeField, hasActions, actions, onToggle, props.renderRowExtra, s])

  const sortState = sort
    ? { sortColumn: sort.field, sortDirection: sort.desc ? ('descending' as const) : ('ascending' as const) }
    : { sortColumn: undefined, sortDirection: 'ascending' as const }

  return (
    <div className={s.wrap}>
      <div className={s.scroll} ref={scrollRef}>
        <DataGrid
          className={s.grid}
          style={{ minWidth: minGridWidth }}
          items={rows}
          columns={columns}
          getRowId={rowIdOf}
          size="small"
          sortable
          sortState={sortState}
          onSortChange={(_, d) => onSortChange(nextSort(sort, d.sortColumn, d.sortDirection))}
          selectionMode="multiselect"
          selectedItems={selected}
          onSelectionChange={(_, d) => onSelectedChange(new Set([...d.selectedItems].map(String)))}
          focusMode="composite"
          aria-label={textOf(def.label, lang)}
        >
          <DataGridHeader className={s.header}>
            <DataGridRow selectionCell={selectionCell.header}>
              {({ renderHeaderCell, columnId }) => (
                <DataGridHeaderCell {...cellProps(columnId, true)}>{renderHeaderCell()}</DataGridHeaderCell>
              )}
            </DataGridRow>
          </DataGridHeader>
          <VirtualBody<GridRow> rowHeight={ROW_HEIGHT} scrollRef={scrollRef}>
            {({ item, rowId }) => (
              <BodyRow
                key={rowId}
                item={item}
                className={s.row}
                selectionCell={selectionCell.row}
                cellProps={cellProps}
              />
            )}
          </VirtualBody>
        </DataGrid>
      </div>
      {loading ? (
        <div className={mergeClasses(s.overlay, rows.length > 0 && s.veil)}>
          <Spinner size="small" label={say('loading')} />
        </div>
      ) : error ? (
        <div className={s.overlay}>
          <ErrorCircleRegular className={s.errorIcon} />
          <span>
            {say('loadFailed')}：{error}
          </span>
          <Button className={s.retry} size="small" onClick={onRetry}>
            {say('retry')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className={s.overlay}>
          <DocumentSearchRegular className={s.stateIcon} />
          <span>{say('empty')}</span>
        </div>
      ) : null}
      {/* Keeps the grid tall enough for its states when empty. */}
      {rows.length === 0 ? <div style={{ height: 220 }} /> : null}
    </div>
  )
}

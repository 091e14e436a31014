import { makeStyles, tokens } from '@fluentui/react-components'
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { AnyEndpoint, AnswerOf, CallInput } from '../../shared/api/endpoint'
import type { Page } from '../../shared/api/envelope'
import type { ResourceDef } from '../../shared/resource/types'
import { Pager } from '../resource/Pager'
import { ResourceGrid, type GridRow, type RowActions } from '../resource/ResourceGrid'
import { errorMessage, quietCall } from '../shell/request'
import { useLang } from '../resource/shell-adapter'

type Row = Record<string, unknown>

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: tokens.spacingVerticalS },
})

/**
 * One page of an endpoint answering a BladeX page, shown in the resource grid of a definition's
 * columns, with the pager: for screens whose list is not the definition's own `page`.
 */
export function PagedList<E extends AnyEndpoint>({
  def,
  endpoint,
  query,
  enabled = true,
  reloadSignal,
  selected,
  onSelectedChange,
  actions = {},
  rowExtra,
}: {
  def: ResourceDef
  endpoint: E
  query: Record<string, unknown>
  enabled?: boolean
  reloadSignal?: number
  selected?: Set<string>
  onSelectedChange?: (keys: Set<string>) => void
  actions?: RowActions
  rowExtra?: (row: Row) => ReactNode
}) {
  const s = useStyles()
  const lang = useLang()
  const [paging, setPaging] = useState({ current: 1, size: 10 })
  const [data, setData] = useState<{ rows: Row[]; total: number }>({ rows: [], total: 0 })
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [tick, setTick] = useState(0)
  const [ownSelection, setOwnSelection] = useState<Set<string>>(new Set())
  const key = JSON.stringify(query)
  useEffect(() => setPaging((p) => ({ ...p, current: 1 })), [key])
  useEffect(() => {
    if (!enabled) {
      setData({ rows: [], total: 0 })
      return
    }
    let live = true
    setLoading(true)
    const input = {
      query: { ...query, current: paging.current, size: paging.size },
    } as unknown as CallInput<E>
    void (quietCall as (e: E, i: CallInput<E>) => Promise<AnswerOf<E>>)(endpoint, input)
      .then((page) => {
        if (!live) return
        const p = page as unknown as Page<Row>
        setData({ rows: p.records, total: p.total })
        setError(null)
      })
      .catch((e) => live && setError(errorMessage(e)))
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
    // the query is compared by its JSON
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoint, key, paging, enabled, tick, reloadSignal])
  const rows: GridRow[] = useMemo(
    () =>
      data.rows.map((row, i) => ({
        key: String(row.id),
        row,
        index: (paging.current - 1) * paging.size + i + 1,
        depth: 0,
        expanded: null,
      })),
    [data.rows, paging],
  )
  const retry = useCallback(() => setTick((n) => n + 1), [])
  return (
    <div className={s.wrap}>
      <ResourceGrid
        def={def}
        lang={lang}
        rows={rows}
        loading={loading}
        error={error}
        onRetry={retry}
        sort={null}
        onSortChange={() => undefined}
        selected={selected ?? ownSelection}
        onSelectedChange={onSelectedChange ?? setOwnSelection}
        actions={actions}
        renderRowExtra={rowExtra}
      />
      <Pager
        lang={lang}
        total={data.total}
        current={paging.current}
        size={paging.size}
        onChange={(current, size) => setPaging({ current, size })}
      />
    </div>
  )
}

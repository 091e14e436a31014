import {
  Button,
  Input,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { Pager } from '../resource/Pager'
import { DEFAULT_PAGE_SIZE } from '../resource/query'
import { useLang } from '../resource/shell-adapter'
import { useT } from '../i18n'
import { flowApi, type FlowListEndpoint, type ListQuery } from './api'

export interface FlowColumn<T> {
  key: string
  label: string
  render?: (row: T) => ReactNode
  width?: string
}

export interface FlowSearchField {
  key: string
  label: string
}

export interface FlowListProps<T> {
  /** Accessible name of the table (the screen's title). */
  title: string
  /** The list endpoint of `src/shared/api/flow.ts`. */
  endpoint: FlowListEndpoint<T>
  columns: FlowColumn<T>[]
  search?: FlowSearchField[]
  fixedQuery?: ListQuery
  rowKey: (row: T) => string
  actions?: (row: T, reload: () => void) => ReactNode
  toolbar?: (reload: () => void) => ReactNode
  emptyText?: string
}

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
  },
  search: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  empty: { textAlign: 'center', color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalXXL },
})

/** A paged list of the flow server (records/total), with a search row, like the generic page. */
export function FlowList<T>(props: FlowListProps<T>) {
  const s = useStyles()
  const t = useT()
  const lang = useLang()
  const [draft, setDraft] = useState<Record<string, string>>({})
  const [filters, setFilters] = useState<Record<string, string>>({})
  const [paging, setPaging] = useState({ current: 1, size: DEFAULT_PAGE_SIZE })
  const [data, setData] = useState<{ records: T[]; total: number } | null>(null)
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  const { endpoint, fixedQuery } = props
  // kept alive between tabs: coming back to the page (a new location) shows fresh rows
  const shownAt = useLocation().key

  useEffect(() => {
    let live = true
    const query: ListQuery = { ...paging, ...fixedQuery }
    for (const [k, v] of Object.entries(filters)) if (v.trim()) query[k] = v.trim()
    flowApi
      .list(endpoint, query)
      .then((page) => live && setData({ records: page.records ?? [], total: page.total ?? 0 }))
      .catch(() => live && setData({ records: [], total: 0 }))
    return () => {
      live = false
    }
  }, [endpoint, fixedQuery, filters, paging, version, shownAt])

  const apply = () => {
    setFilters(draft)
    setPaging((p) => ({ ...p, current: 1 }))
  }
  return (
    <section className={s.page}>
      {props.search?.length ? (
        <form
          className={s.search}
          role="search"
          onSubmit={(e) => {
            e.preventDefault()
            apply()
          }}
        >
          {props.search.map((f) => (
            <Input
              key={f.key}
              aria-label={f.label}
              placeholder={f.label}
              value={draft[f.key] ?? ''}
              onChange={(_, d) => setDraft((x) => ({ ...x, [f.key]: d.value }))}
            />
          ))}
          <Button appearance="primary" type="submit">
            {t('flow.search')}
          </Button>
          <Button
            onClick={() => {
              setDraft({})
              setFilters({})
              setPaging((p) => ({ ...p, current: 1 }))
            }}
          >
            {t('flow.clear')}
          </Button>
        </form>
      ) : null}
      {props.toolbar ? (
        <div className={s.toolbar} role="toolbar">
          {props.toolbar(reload)}
        </div>
      ) : null}
      {!data ? (
        <Spinner />
      ) : (
        <Table aria-label={props.title} size="small">
          <TableHeader>
            <TableRow>
              {props.columns.map((c) => (
                <TableHeaderCell key={c.key} style={c.width ? { width: c.width } : undefined}>
                  {c.label}
                </TableHeaderCell>
              ))}
              {props.actions ? <TableHeaderCell>{t('flow.actions')}</TableHeaderCell> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.records.length === 0 ? (
              <TableRow>
                <TableCell colSpan={props.columns.length + (props.actions ? 1 : 0)}>
                  <div className={s.empty}>{props.emptyText ?? t('common.empty')}</div>
                </TableCell>
              </TableRow>
            ) : (
              data.records.map((row) => (
                <TableRow key={props.rowKey(row)}>
                  {props.columns.map((c) => (
                    <TableCell key={c.key}>
                      {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
                    </TableCell>
                  ))}
                  {props.actions ? (
                    <TableCell>
                      <div className={s.actions}>{props.actions(row, reload)}</div>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      {data ? (
        <Pager
          lang={lang}
          total={data.total}
          current={paging.current}
          size={paging.size}
          onChange={(current, size) => setPaging({ current, size })}
        />
      ) : null}
    </section>
  )
}

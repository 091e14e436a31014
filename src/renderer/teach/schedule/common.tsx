import {
  Checkbox,
  Label,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Select,
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
import { useEffect, useId, useState, type ReactNode } from 'react'
import type { AnyEndpoint, CallInput } from '../../../shared/api/endpoint'
import { termDictionary, type CollisionNote, type TermItem } from '../../../shared/api/schedule'
import { quietCall, toRequest } from '../../shell/request'
import { notify } from '../../shell/notify'
import { useLanguage } from '../../i18n'

export type Lang = 'zh' | 'en'
export const useLang = (): Lang => useLanguage((s) => s.language)

export const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}`,
    minHeight: 0,
  },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  row: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  split: {
    display: 'grid',
    gridTemplateColumns: 'minmax(240px, 320px) 1fr',
    gap: tokens.spacingHorizontalL,
    minHeight: 0,
  },
  scroll: { overflow: 'auto', minHeight: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  empty: { textAlign: 'center', color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalXXL },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  grid2: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalL },
})

/** The terms and the chosen one (the current term first). */
export function useTerm(): { terms: TermItem[]; termId: string; setTermId: (id: string) => void } {
  const [terms, setTerms] = useState<TermItem[]>([])
  const [termId, setTermId] = useState('')
  useEffect(() => {
    quietCall(termDictionary)
      .then((items) => {
        setTerms(items)
        setTermId((id) => id || (items.find((i) => Number(i.isCurrent) === 1) ?? items[0])?.dictKey || '')
      })
      .catch(() => setTerms([]))
  }, [])
  return { terms, termId, setTermId }
}

export function TermPicker({
  terms,
  value,
  onChange,
  label,
}: {
  terms: TermItem[]
  value: string
  onChange: (id: string) => void
  label: string
}) {
  return (
    <Select aria-label={label} value={value} onChange={(_, d) => onChange(d.value)}>
      {terms.map((t) => (
        <option key={t.dictKey} value={t.dictKey}>
          {t.dictValue}
        </option>
      ))}
    </Select>
  )
}

/** Saves a file endpoint's answer through main (native dialog, progress toast at the end). */
export async function exportFile<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E>,
  suggestedName: string,
  done: string,
) {
  try {
    const result = await window.api.files.export({
      ...toRequest(endpoint, input),
      id: `export-${Date.now()}`,
      suggestedName,
    })
    if (result.saved) notify.success(done, result.filePath ?? undefined)
  } catch (e) {
    if (!(e && typeof e === 'object' && (e as { silent?: boolean }).silent))
      notify.error(
        e && typeof e === 'object' && 'message' in e
          ? String((e as { message: unknown }).message)
          : String(e),
      )
  }
}

/** The collisions a write found, as its reply shows them. */
export function CollisionNotes({ notes, title }: { notes: CollisionNote[]; title: string }) {
  if (!notes.length) return null
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="collision-notes">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        <ol style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {notes.map((n) => (
            <li key={`${n.kind}-${n.id}`}>{n.description}</li>
          ))}
        </ol>
      </MessageBarBody>
    </MessageBar>
  )
}

export interface Column<T> {
  key: string
  label: string
  render: (row: T) => ReactNode
  width?: string
}

/** A plain table with optional checkboxes and row buttons. */
export function ListTable<T extends object>({
  label,
  rows,
  columns,
  selected,
  onSelect,
  actions,
  emptyText,
  rowKey = (r) => String((r as { id?: unknown }).id),
  onRowClick,
  activeKey,
}: {
  label: string
  rows: T[] | null
  columns: Column<T>[]
  selected?: Set<string>
  onSelect?: (next: Set<string>) => void
  actions?: (row: T) => ReactNode
  emptyText: string
  rowKey?: (row: T) => string
  onRowClick?: (row: T) => void
  activeKey?: string
}) {
  const s = useStyles()
  if (!rows) return <Spinner />
  const all = rows.length > 0 && rows.every((r) => selected?.has(rowKey(r)))
  return (
    <Table aria-label={label} size="small">
      <TableHeader>
        <TableRow>
          {onSelect ? (
            <TableHeaderCell style={{ width: 36 }}>
              <Checkbox
                aria-label="全选"
                checked={all}
                onChange={() => onSelect(all ? new Set() : new Set(rows.map(rowKey)))}
              />
            </TableHeaderCell>
          ) : null}
          {columns.map((c) => (
            <TableHeaderCell key={c.key} style={c.width ? { width: c.width } : undefined}>
              {c.label}
            </TableHeaderCell>
          ))}
          {actions ? <TableHeaderCell>{''}</TableHeaderCell> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={columns.length + (onSelect ? 1 : 0) + (actions ? 1 : 0)}>
              <div className={s.empty}>{emptyText}</div>
            </TableCell>
          </TableRow>
        ) : (
          rows.map((r) => {
            const key = rowKey(r)
            return (
              <TableRow
                key={key}
                className={activeKey === key ? s.selected : undefined}
                onClick={onRowClick ? () => onRowClick(r) : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {onSelect ? (
                  <TableCell>
                    <Checkbox
                      aria-label={`选择 ${key}`}
                      checked={!!selected?.has(key)}
                      onChange={() => {
                        const next = new Set(selected)
                        if (next.has(key)) next.delete(key)
                        else next.add(key)
                        onSelect(next)
                      }}
                    />
                  </TableCell>
                ) : null}
                {columns.map((c) => (
                  <TableCell key={c.key}>{c.render(r)}</TableCell>
                ))}
                {actions ? (
                  <TableCell>
                    <div className={s.row}>{actions(r)}</div>
                  </TableCell>
                ) : null}
              </TableRow>
            )
          })
        )}
      </TableBody>
    </Table>
  )
}

/**
 * A labelled row of checkboxes. Not a Fluent `Field`: a Field hands its one control id to every
 * checkbox inside, so each label would toggle the first box.
 */
export function CheckGroup<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: { value: T; label: string }[]
  value: T[]
  onChange: (next: T[]) => void
}) {
  const s = useStyles()
  const id = useId()
  return (
    <div role="group" aria-labelledby={id}>
      <Label id={id}>{label}</Label>
      <div className={s.row}>
        {options.map((o) => (
          <Checkbox
            key={o.value}
            label={o.label}
            checked={value.includes(o.value)}
            onChange={() =>
              onChange(value.includes(o.value) ? value.filter((x) => x !== o.value) : [...value, o.value])
            }
          />
        ))}
      </div>
    </div>
  )
}

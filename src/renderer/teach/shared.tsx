import {
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import type { ReactNode } from 'react'
import type { TermItem } from '../../shared/api/schedule'
import { useTerm } from './schedule/common'

export { useTerm }
export type { TermItem }
/** A term of the dictionary with its 学年 (the dictionary answers whole rows). */
export type TermRow = TermItem & { academicYear?: string }
export type Row = Record<string, unknown>

export const useTeachStyles = makeStyles({
  page: {
    height: '100%',
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} 0`,
    boxSizing: 'border-box',
  },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  grow: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
  section: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    '& td, & th': { padding: '4px 8px', textAlign: 'left' },
  },
})

/** A labelled select of the terms (学年学期), the current one chosen first. */
export function TermSelect({
  terms,
  value,
  onChange,
  label = '学年学期',
}: {
  terms: TermItem[]
  value: string
  onChange: (id: string) => void
  label?: string
}) {
  return (
    <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <span>{label}</span>
      <Select aria-label={label} value={value} onChange={(_, d) => onChange(d.value)}>
        {terms.map((t) => (
          <option key={t.dictKey} value={t.dictKey}>
            {t.dictValue}
          </option>
        ))}
      </Select>
    </label>
  )
}

/** A screen with a term select above its content. */
export function TermScreen({
  title,
  children,
  extra,
}: {
  /** The screen's name (its region's label). */
  title: string
  children: (termId: string) => ReactNode
  extra?: ReactNode
}) {
  const s = useTeachStyles()
  const { terms, termId, setTermId } = useTerm()
  return (
    <section className={s.page} aria-label={title}>
      <div className={s.bar}>
        <TermSelect terms={terms} value={termId} onChange={setTermId} />
        {extra}
      </div>
      <div className={s.grow}>{termId ? children(termId) : null}</div>
    </section>
  )
}

/** A definition whose list is filtered by the screen (its own select), not by the search form. */
export function withoutSearch<D extends { fields: readonly { name: string; search?: unknown }[] }>(
  def: D,
  ...names: string[]
): D {
  return {
    ...def,
    fields: def.fields.map((f) => (names.includes(f.name) ? { ...f, search: undefined } : f)),
  }
}

/** A small read-only table: a header row, the rows' cells, and a line when there are none. */
export function SimpleTable({
  label,
  head,
  rows,
  empty = '暂无数据',
}: {
  label: string
  head: string[]
  rows: ReactNode[][]
  empty?: string
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableHeader>
        <TableRow>
          {head.map((h) => (
            <TableHeaderCell key={h}>{h}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r, i) => (
          <TableRow key={i}>
            {r.map((c, j) => (
              <TableCell key={j}>{c}</TableCell>
            ))}
          </TableRow>
        ))}
        {rows.length ? null : (
          <TableRow>
            <TableCell colSpan={head.length}>{empty}</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  )
}

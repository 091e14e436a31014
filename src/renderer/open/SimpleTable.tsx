import { Text, makeStyles, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'

const useStyles = makeStyles({
  scroll: { overflow: 'auto', minHeight: 0 },
  table: { borderCollapse: 'collapse', width: '100%', fontSize: tokens.fontSizeBase300 },
  th: {
    position: 'sticky',
    top: 0,
    textAlign: 'left',
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
  },
  td: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
  },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalM },
})

export type Column<T> = [label: string, value: (row: T) => ReactNode]

/** A plain table of an unpaged list (slots, own records), with an optional last column of buttons. */
export function SimpleTable<T>({
  label,
  rows,
  columns,
  keyOf,
  actions,
}: {
  label: string
  rows: T[]
  columns: Column<T>[]
  keyOf: (row: T) => string
  actions?: (row: T) => ReactNode
}) {
  const s = useStyles()
  return (
    <div className={s.scroll}>
      <table className={s.table} aria-label={label}>
        <thead>
          <tr>
            {columns.map(([title]) => (
              <th key={title} className={s.th}>
                {title}
              </th>
            ))}
            {actions ? <th className={s.th}>操作</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={keyOf(row)}>
              {columns.map(([title, value]) => (
                <td key={title} className={s.td}>
                  {value(row)}
                </td>
              ))}
              {actions ? <td className={s.td}>{actions(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length ? null : <Text className={s.empty}>暂无数据</Text>}
    </div>
  )
}

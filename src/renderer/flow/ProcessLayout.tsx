import { Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  label: { color: tokens.colorNeutralForeground3 },
})

/** A process page: titled cards stacked (application, approval, history). */
export function ProcessLayout({ children }: { children: ReactNode }) {
  return <div className={useStyles().page}>{children}</div>
}

export function ProcessCard({ title, children }: { title: string; children: ReactNode }) {
  const s = useStyles()
  return (
    <Card className={s.card} role="region" aria-label={title}>
      <Text as="h2" weight="semibold" size={400}>
        {title}
      </Text>
      {children}
    </Card>
  )
}

/** Read-only fields as a two-column description list. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const s = useStyles()
  return (
    <dl className={s.grid}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className={s.label}>{label}</dt>
          <dd style={{ margin: 0 }}>{value ?? ''}</dd>
        </div>
      ))}
    </dl>
  )
}

import { Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'

const useStyles = makeStyles({
  cards: { display: 'grid', gap: tokens.spacingHorizontalM },
  card: {
    padding: tokens.spacingVerticalM,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  value: {
    fontSize: tokens.fontSizeHero700,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
  },
})

/** The row of headline figures above a statistics page's charts: a card per `[label, value]`. */
export function FigureCards({
  figures,
  columns,
  minWidth = 110,
}: {
  figures: readonly (readonly [string, ReactNode])[]
  columns: number
  minWidth?: number
}) {
  const s = useStyles()
  return (
    <div
      className={s.cards}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(${minWidth}px, 1fr))` }}
    >
      {figures.map(([label, value]) => (
        <Card key={label} className={s.card} aria-label={label}>
          <Text>{label}</Text>
          <span className={s.value}>{value}</span>
        </Card>
      ))}
    </div>
  )
}

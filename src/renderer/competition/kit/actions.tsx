import { Button, makeStyles, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
})

export interface RowAction {
  label: string
  onClick: () => void
  /** Shown only when true (the button's permission and the row's state). */
  show?: boolean
}

/** The buttons of a grid row, those the caller may press in the row's state. */
export function RowActions({ actions }: { actions: RowAction[] }): ReactNode {
  const s = useStyles()
  return (
    <span className={s.row}>
      {actions
        .filter((a) => a.show !== false)
        .map((a) => (
          <Button key={a.label} size="small" appearance="transparent" onClick={a.onClick}>
            {a.label}
          </Button>
        ))}
    </span>
  )
}

import { Button } from '@fluentui/react-components'
import type { ReactElement } from 'react'

/** A small link-style button in a list row's action column. */
export const RowAction = ({
  icon,
  label,
  onClick,
}: {
  icon: ReactElement
  label: string
  onClick: () => void
}) => (
  <Button size="small" appearance="transparent" icon={icon} onClick={onClick}>
    {label}
  </Button>
)

import { forwardRef, type ReactElement } from 'react'
import { Button, CounterBadge, Tooltip, type ButtonProps } from '@fluentui/react-components'
import { BADGE_MAX } from '../../shell/constants'

type Props = ButtonProps & { count: number; icon: ReactElement; label: string }

/** A top-bar icon button with a tooltip label and a red counter (hidden at 0, capped at 99+). */
export const BadgeButton = forwardRef<HTMLButtonElement, Props>(function BadgeButton(
  { count, label, ...props },
  ref,
) {
  return (
    <span style={{ position: 'relative', display: 'inline-flex' }}>
      <Tooltip content={label} relationship="label">
        <Button ref={ref} appearance="subtle" {...props} />
      </Tooltip>
      {count > 0 ? (
        <CounterBadge
          count={count}
          overflowCount={BADGE_MAX}
          size="small"
          color="danger"
          style={{ position: 'absolute', top: 2, right: -2, pointerEvents: 'none' }}
        />
      ) : null}
    </span>
  )
})

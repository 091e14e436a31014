import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components'
import { MoreHorizontalRegular } from '@fluentui/react-icons'
import type { ReactElement } from 'react'
import { useT } from '../i18n'

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

/** One entry of a row's 更多 menu; entries the user may not use are left out (`false`). */
export interface MoreItem {
  label: string
  onClick: () => void
}

/** A row's 更多 menu of the screen's own actions; nothing when none is granted. */
export function RowMoreMenu({ items }: { items: (MoreItem | false)[] }) {
  const t = useT()
  const shown = items.filter((i): i is MoreItem => !!i)
  if (!shown.length) return null
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button size="small" appearance="transparent" icon={<MoreHorizontalRegular />}>
          {t('system.more')}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {shown.map((i) => (
            <MenuItem key={i.label} onClick={i.onClick}>
              {i.label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}

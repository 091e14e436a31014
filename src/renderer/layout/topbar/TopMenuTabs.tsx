import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Overflow,
  OverflowItem,
  Tab,
  TabList,
  makeStyles,
  useIsOverflowItemVisible,
  useOverflowMenu,
} from '@fluentui/react-components'
import { Home20Regular, MoreHorizontal20Regular } from '@fluentui/react-icons'
import { useT } from '../../i18n'

const useStyles = makeStyles({
  list: { flexGrow: 1, minWidth: 0, overflow: 'hidden', flexWrap: 'nowrap' },
  tab: { color: 'var(--lab-header-fg)', flexShrink: 0 },
  more: { color: 'var(--lab-header-fg)', minWidth: '32px', flexShrink: 0 },
})

export const HOME_TOP = '__home__'

interface TopMenu {
  id: string
  name: string
}

interface Props {
  menus: TopMenu[]
  selected: string
  onSelect: (value: string) => void
}

/**
 * 首页 plus the server's top menus. Menus that do not fit the bar move into a 更多 menu at its end
 * (Fluent's Overflow measures them), the selected one staying in view.
 */
export function TopMenuTabs({ menus, selected, onSelect }: Props) {
  const t = useT()
  const styles = useStyles()
  return (
    <Overflow minimumVisible={1}>
      <TabList
        size="small"
        className={styles.list}
        selectedValue={selected}
        onTabSelect={(_, d) => onSelect(String(d.value))}
      >
        <OverflowItem id={HOME_TOP} priority={3}>
          <Tab value={HOME_TOP} icon={<Home20Regular />} className={styles.tab}>
            {t('nav.home')}
          </Tab>
        </OverflowItem>
        {menus.map((m) => (
          <OverflowItem key={m.id} id={m.id} priority={m.id === selected ? 2 : 1}>
            <Tab value={m.id} className={styles.tab}>
              {m.name}
            </Tab>
          </OverflowItem>
        ))}
        <MoreMenus menus={menus} onSelect={onSelect} label={t('nav.moreTopMenus')} className={styles.more} />
      </TabList>
    </Overflow>
  )
}

function MoreMenus({
  menus,
  onSelect,
  label,
  className,
}: {
  menus: TopMenu[]
  onSelect: (value: string) => void
  label: string
  className: string
}) {
  const { ref, isOverflowing } = useOverflowMenu<HTMLButtonElement>()
  if (!isOverflowing) return null
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          ref={ref}
          appearance="subtle"
          className={className}
          icon={<MoreHorizontal20Regular />}
          aria-label={label}
          title={label}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {menus.map((m) => (
            <HiddenMenuItem key={m.id} menu={m} onSelect={onSelect} />
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}

function HiddenMenuItem({ menu, onSelect }: { menu: TopMenu; onSelect: (value: string) => void }) {
  const visible = useIsOverflowItemVisible(menu.id)
  if (visible) return null
  return <MenuItem onClick={() => onSelect(menu.id)}>{menu.name}</MenuItem>
}

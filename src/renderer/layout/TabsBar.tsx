import { useNavigate } from 'react-router-dom'
import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import {
  ArrowClockwise16Regular,
  ChevronDown16Regular,
  Dismiss12Regular,
  DismissSquareMultiple16Regular,
  Home16Regular,
  Search16Regular,
  TabDesktopMultiple16Regular,
} from '@fluentui/react-icons'
import { useT } from '../i18n'
import { HOME_PATH, canClose, mayClose, useTabs, type Tab } from '../shell/tabs'
import { notify } from '../shell/notify'
import { clearDictCache } from '../shell/dict'
import { useMenu } from '../shell/menu'
import { usePermissionStore } from '../shell/permission'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    height: '40px',
    background: 'var(--lab-tabs-bg)',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: '0 8px',
    gap: '8px',
    flexShrink: 0,
  },
  list: {
    flex: 1,
    display: 'flex',
    gap: '4px',
    overflowX: 'auto',
    overflowY: 'hidden',
    scrollbarWidth: 'thin',
  },
  tab: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '6px',
    height: '28px',
    padding: '0 10px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    background: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
    cursor: 'pointer',
    fontSize: '13px',
    whiteSpace: 'nowrap',
    flexShrink: 0,
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  active: {
    background: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    border: `1px solid ${tokens.colorBrandBackground}`,
    ':hover': { color: tokens.colorNeutralForegroundOnBrand },
  },
  close: {
    display: 'inline-grid',
    placeItems: 'center',
    width: '16px',
    height: '16px',
    borderRadius: '50%',
    ':hover': { background: 'rgba(0,0,0,0.15)' },
  },
})

interface Props {
  /** Label of a tab in the current language (home is always 首页/Home). */
  labelOf: (tab: Tab) => string
  onSearch: () => void
  onRefresh: () => void
}

/** The tab bar of opened pages, with its menu: search, close others, close all, clear cache. */
export function TabsBar({ labelOf, onSearch, onRefresh }: Props) {
  const t = useT()
  const styles = useStyles()
  const navigate = useNavigate()
  const tabs = useTabs((s) => s.tabs)
  const active = useTabs((s) => s.active)

  const go = (tab: Tab) =>
    navigate({ pathname: tab.path, search: tab.query ? `?${new URLSearchParams(tab.query)}` : '' })

  const close = async (path: string) => {
    if (!(await mayClose([path]))) return
    const next = useTabs.getState().close(path)
    const tab = useTabs.getState().tabs.find((x) => x.path === next)
    if (path === active && tab) go(tab)
  }

  const clearCache = async () => {
    clearDictCache()
    await Promise.all([useMenu.getState().load(), usePermissionStore.getState().load()])
    onRefresh()
    notify.success(t('tabs.cacheCleared'))
  }

  const actions = (
    <MenuList>
      <MenuItem icon={<Search16Regular />} onClick={onSearch}>
        {t('tabs.search')}
      </MenuItem>
      <MenuItem
        icon={<TabDesktopMultiple16Regular />}
        onClick={() =>
          void mayClose(tabs.filter((x) => x.path !== active).map((x) => x.path)).then(
            (ok) => ok && useTabs.getState().closeOthers(active),
          )
        }
      >
        {t('tabs.closeOthers')}
      </MenuItem>
      <MenuItem
        icon={<DismissSquareMultiple16Regular />}
        onClick={() =>
          void mayClose(tabs.map((x) => x.path)).then((ok) => {
            if (!ok) return
            useTabs.getState().closeAll()
            navigate(HOME_PATH)
          })
        }
      >
        {t('tabs.closeAll')}
      </MenuItem>
      <MenuItem icon={<ArrowClockwise16Regular />} onClick={() => void clearCache()}>
        {t('tabs.clearCache')}
      </MenuItem>
    </MenuList>
  )

  return (
    <div className={styles.root}>
      <div className={styles.list} role="tablist" aria-label={t('tabs.label')}>
        {tabs.map((tab) => {
          const isActive = tab.path === active
          const closable = canClose(tabs, tab.path)
          return (
            <Menu key={tab.path} openOnContext>
              <MenuTrigger disableButtonEnhancement>
                <div
                  role="tab"
                  tabIndex={0}
                  aria-selected={isActive}
                  className={mergeClasses(styles.tab, isActive && styles.active)}
                  onClick={() => go(tab)}
                  onKeyDown={(e) => e.key === 'Enter' && go(tab)}
                  onAuxClick={(e) => e.button === 1 && closable && void close(tab.path)}
                >
                  {tab.path === HOME_PATH ? <Home16Regular /> : null}
                  {labelOf(tab)}
                  {closable ? (
                    <span
                      className={styles.close}
                      role="button"
                      aria-label={`${t('tabs.close')} ${labelOf(tab)}`}
                      onClick={(e) => {
                        e.stopPropagation()
                        void close(tab.path)
                      }}
                    >
                      <Dismiss12Regular />
                    </span>
                  ) : null}
                </div>
              </MenuTrigger>
              <MenuPopover>{actions}</MenuPopover>
            </Menu>
          )
        })}
      </div>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            size="small"
            appearance="subtle"
            icon={<ChevronDown16Regular />}
            aria-label={t('tabs.closeAll')}
          />
        </MenuTrigger>
        <MenuPopover>{actions}</MenuPopover>
      </Menu>
    </div>
  )
}

import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
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
    padding: 0,
    border: 'none',
    background: 'transparent',
    color: 'inherit',
    cursor: 'pointer',
    borderRadius: '50%',
    ':hover': { background: 'rgba(0,0,0,0.15)' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
})

interface Props {
  /** Label of a tab in the current language (home is always 首页/Home). */
  labelOf: (tab: Tab) => string
  onSearch: () => void
  onRefresh: () => void
}

/**
 * The tab bar of opened pages, with its menu: search, close others, close all, clear cache.
 * Keyboard: one tab stop (roving tabIndex), ←/→/Home/End move, Enter/Space open, Delete or the close
 * button closes; anywhere in the window Ctrl+W closes the current tab and Ctrl+Tab / Ctrl+Shift+Tab
 * cycle (the application menu leaves these keys to the page).
 */
export function TabsBar({ labelOf, onSearch, onRefresh }: Props) {
  const t = useT()
  const styles = useStyles()
  const navigate = useNavigate()
  const tabs = useTabs((s) => s.tabs)
  const active = useTabs((s) => s.active)

  const [focused, setFocused] = useState<string | null>(null)
  const tabRefs = useRef(new Map<string, HTMLDivElement>())
  const rovingPath = tabs.some((x) => x.path === focused) ? focused : active

  // The store's active tab moves with the click or key, not one render later when the route
  // effect catches up: a fast Ctrl+Tab then Ctrl+W must close the tab just switched to.
  const go = (tab: Tab) => {
    useTabs.getState().open(tab)
    navigate({ pathname: tab.path, search: tab.query ? `?${new URLSearchParams(tab.query)}` : '' })
  }

  const close = async (path: string) => {
    if (!(await mayClose([path]))) return
    const wasActive = path === useTabs.getState().active
    const next = useTabs.getState().close(path)
    const tab = useTabs.getState().tabs.find((x) => x.path === next)
    if (wasActive && tab) go(tab)
  }

  const focusTab = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]
    if (!tab) return
    setFocused(tab.path)
    tabRefs.current.get(tab.path)?.focus()
  }

  const onTabKeyDown = (e: KeyboardEvent<HTMLDivElement>, tab: Tab, index: number) => {
    if (e.target !== e.currentTarget) return
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    }
    if (e.key in moves) focusTab(moves[e.key]!)
    else if (e.key === 'Enter' || e.key === ' ') go(tab)
    else if (e.key === 'Delete' && canClose(tabs, tab.path)) void close(tab.path)
    else return
    e.preventDefault()
  }

  // Window-wide shortcuts read the store at the moment of the key, not the last render.
  const onShortcut = useRef<(e: globalThis.KeyboardEvent) => void>(() => undefined)
  onShortcut.current = (e) => {
    if (!e.ctrlKey || e.altKey || e.metaKey) return
    const { tabs, active } = useTabs.getState()
    const index = tabs.findIndex((x) => x.path === active)
    if (e.key.toLowerCase() === 'w' && !e.shiftKey) {
      e.preventDefault()
      if (canClose(tabs, active)) void close(active)
    } else if (e.key === 'Tab' && tabs.length > 0) {
      e.preventDefault()
      const next = tabs[(index + (e.shiftKey ? -1 : 1) + tabs.length) % tabs.length]
      if (next) go(next)
    }
  }
  useEffect(() => {
    const listener = (e: globalThis.KeyboardEvent) => onShortcut.current(e)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])

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
        {tabs.map((tab, index) => {
          const isActive = tab.path === active
          const closable = canClose(tabs, tab.path)
          const inTabOrder = tab.path === rovingPath
          return (
            <Menu key={tab.path} openOnContext>
              <MenuTrigger disableButtonEnhancement>
                <div
                  ref={(el) => {
                    if (el) tabRefs.current.set(tab.path, el)
                    else tabRefs.current.delete(tab.path)
                  }}
                  role="tab"
                  tabIndex={inTabOrder ? 0 : -1}
                  aria-selected={isActive}
                  className={mergeClasses(styles.tab, isActive && styles.active)}
                  onClick={() => go(tab)}
                  onFocus={(e) => e.target === e.currentTarget && setFocused(tab.path)}
                  onKeyDown={(e) => onTabKeyDown(e, tab, index)}
                  onAuxClick={(e) => e.button === 1 && closable && void close(tab.path)}
                >
                  {tab.path === HOME_PATH ? <Home16Regular /> : null}
                  {labelOf(tab)}
                  {closable ? (
                    <button
                      type="button"
                      className={styles.close}
                      tabIndex={inTabOrder ? 0 : -1}
                      aria-label={`${t('tabs.closeOne')} ${labelOf(tab)}`}
                      onClick={(e) => {
                        e.stopPropagation()
                        void close(tab.path)
                      }}
                    >
                      <Dismiss12Regular />
                    </button>
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

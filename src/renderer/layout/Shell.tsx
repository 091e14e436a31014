import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { makeStyles } from '@fluentui/react-components'
import { useLanguage, useT, translate } from '../i18n'
import { pageTitle } from '../shell/guard'
import { findByPath, menuLabel, useMenu } from '../shell/menu'
import { useTabs, type Tab } from '../shell/tabs'
import { useScreen } from '../shell/useScreen'
import { screenTitle } from '../routes/registry'
import { Sidebar } from './Sidebar'
import { KeepAliveOutlet } from './KeepAliveOutlet'
import { OfflineBanner } from './OfflineBanner'
import { TabsBar } from './TabsBar'
import { TopBar } from './TopBar'
import { MenuSearch } from './topbar/MenuSearch'

const useStyles = makeStyles({
  root: { display: 'flex', height: '100%', overflow: 'hidden' },
  main: {
    flex: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    background: 'var(--lab-content-bg)',
  },
  content: { flex: 1, overflow: 'auto', padding: '16px' },
})

/** Pages of the shell itself: their tab labels. */
const BUILT_IN = {
  '/wel/index': 'nav.home',
  '/wel/dashboard': 'nav.dashboard',
  '/info/index': 'nav.info',
  '/backup/index': 'nav.backup',
} as const

/** The main layout: sidebar, top bar, tabs and the current page. */
export function Shell() {
  const styles = useStyles()
  const t = useT()
  const language = useLanguage((s) => s.language)
  const location = useLocation()
  const allMenu = useMenu((s) => s.allMenu)
  const screen = useScreen()
  const [collapsed, setCollapsed] = useState(screen < 2)
  const [searchOpen, setSearchOpen] = useState(false)
  const [refreshKey, setRefreshKey] = useState(0)

  const labelOf = (tab: Tab): string => {
    const builtIn = BUILT_IN[tab.path as keyof typeof BUILT_IN]
    if (builtIn) return translate(language, builtIn)
    const node = findByPath(allMenu, tab.path)
    return node ? menuLabel(node, language) : (screenTitle(tab.path)?.[language] ?? tab.label)
  }

  // Each visited page gets a tab (unless its menu meta says isTab: false), and the window a title.
  useEffect(() => {
    const path = location.pathname
    const node = findByPath(allMenu, path + location.search) ?? findByPath(allMenu, path)
    const title = screenTitle(path)
    const builtIn = BUILT_IN[path as keyof typeof BUILT_IN]
    const label = builtIn
      ? translate('zh', builtIn)
      : (node?.name ?? title?.zh ?? path.split('/').filter(Boolean).pop() ?? path)
    const query = Object.fromEntries(new URLSearchParams(location.search))
    if (node?.meta?.isTab !== false) {
      useTabs.getState().open({ label, path, query: Object.keys(query).length ? query : undefined })
    }
    const shown = builtIn
      ? translate(language, builtIn)
      : node
        ? menuLabel(node, language)
        : (title?.[language] ?? label)
    document.title = pageTitle(path, shown, t('app.title'), t('login.title'))
  }, [location.pathname, location.search, allMenu, language, t])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        setSearchOpen(true)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <div className={styles.root}>
      <Sidebar collapsed={collapsed} />
      <div className={styles.main}>
        <TopBar
          collapsed={collapsed}
          onToggle={() => setCollapsed(!collapsed)}
          onSearch={() => setSearchOpen(true)}
        />
        <TabsBar
          labelOf={labelOf}
          onSearch={() => setSearchOpen(true)}
          onRefresh={() => setRefreshKey((k) => k + 1)}
        />
        <OfflineBanner />
        <main className={styles.content}>
          <KeepAliveOutlet generation={refreshKey} />
        </main>
      </div>
      <MenuSearch open={searchOpen} onClose={() => setSearchOpen(false)} />
    </div>
  )
}

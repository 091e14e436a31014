import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import {
  Button,
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  makeStyles,
} from '@fluentui/react-components'
import {
  Bug20Regular,
  FullScreenMaximize20Regular,
  FullScreenMinimize20Regular,
  LockClosed20Regular,
  PaintBrush20Regular,
  PanelLeftContract20Regular,
  PanelLeftExpand20Regular,
  Search20Regular,
  Translate20Regular,
} from '@fluentui/react-icons'
import { useLanguage, useT } from '../i18n'
import { useErrorLog } from '../shell/errorLog'
import { useMenu } from '../shell/menu'
import { useSettings } from '../shell/settings'
import { useScreen } from '../shell/useScreen'
import { ColorPicker } from './topbar/ColorPicker'
import { ErrorLogDialog } from './topbar/ErrorLogDialog'
import { LockDialog } from './topbar/LockDialog'
import { Notices } from './topbar/Notices'
import { ThemeDialog } from './topbar/ThemeDialog'
import { UserMenu } from './topbar/UserMenu'
import { HOME_TOP, TopMenuTabs } from './topbar/TopMenuTabs'
import { BadgeButton } from './topbar/BadgeButton'
import { AboutDialog } from './topbar/AboutDialog'
import { UpdateStatus } from './topbar/UpdateStatus'

const useStyles = makeStyles({
  root: {
    height: '56px',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    gap: '4px',
    padding: '0 12px 0 4px',
    background: 'var(--lab-header-bg)',
    color: 'var(--lab-header-fg)',
    boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
    zIndex: 1,
  },
  tool: { color: 'var(--lab-header-fg)', minWidth: '32px' },
  topMenu: { flex: 1, minWidth: 0, display: 'flex' },
})

interface Props {
  collapsed: boolean
  onToggle: () => void
  onSearch: () => void
}

/** The top bar of spec 2.3. */
export function TopBar({ collapsed, onToggle, onSearch }: Props) {
  const t = useT()
  const styles = useStyles()
  const navigate = useNavigate()
  const screen = useScreen()
  const language = useLanguage((s) => s.language)
  const topMenus = useMenu((s) => s.topMenus)
  const topMenuId = useMenu((s) => s.topMenuId)
  const errorCount = useErrorLog((s) => s.entries.length)
  const [dialog, setDialog] = useState<'errors' | 'lock' | 'theme' | null>(null)
  const [fullscreen, setFullscreen] = useState(false)

  useEffect(() => {
    const onChange = () => setFullscreen(!!document.fullscreenElement)
    document.addEventListener('fullscreenchange', onChange)
    return () => document.removeEventListener('fullscreenchange', onChange)
  }, [])

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen()
    else void document.documentElement.requestFullscreen().catch(() => undefined)
  }

  const tool = (label: string, icon: React.ReactElement, onClick: () => void) => (
    <Tooltip content={label} relationship="label">
      <Button appearance="subtle" className={styles.tool} icon={icon} onClick={onClick} />
    </Tooltip>
  )

  return (
    <header className={styles.root}>
      {tool(
        collapsed ? t('nav.expand') : t('nav.collapse'),
        collapsed ? <PanelLeftExpand20Regular /> : <PanelLeftContract20Regular />,
        onToggle,
      )}
      <div className={styles.topMenu}>
        {screen >= 2 ? (
          <TopMenuTabs
            menus={topMenus}
            selected={topMenuId ?? HOME_TOP}
            onSelect={(value) => {
              if (value === HOME_TOP) {
                void useMenu.getState().selectTopMenu(null)
                navigate('/wel/index')
              } else void useMenu.getState().selectTopMenu(value)
            }}
          />
        ) : null}
      </div>
      <UpdateStatus />
      {tool(t('nav.search'), <Search20Regular />, onSearch)}
      <ColorPicker className={styles.tool} />
      <BadgeButton
        label={t('nav.errorLog')}
        className={styles.tool}
        count={errorCount}
        icon={<Bug20Regular />}
        onClick={() => {
          void useErrorLog.getState().refresh()
          setDialog('errors')
        }}
      />
      {tool(t('nav.lock'), <LockClosed20Regular />, () => setDialog('lock'))}
      {tool(t('nav.theme'), <PaintBrush20Regular />, () => setDialog('theme'))}
      <Notices className={styles.tool} />
      <Menu
        checkedValues={{ language: [language] }}
        onCheckedValueChange={(_, d) =>
          useSettings.getState().setLanguage(d.checkedItems[0] === 'en' ? 'en' : 'zh')
        }
      >
        <MenuTrigger disableButtonEnhancement>
          <Tooltip content={t('nav.language')} relationship="label">
            <Button appearance="subtle" className={styles.tool} icon={<Translate20Regular />} />
          </Tooltip>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItemRadio name="language" value="zh">
              中文
            </MenuItemRadio>
            <MenuItemRadio name="language" value="en">
              English
            </MenuItemRadio>
          </MenuList>
        </MenuPopover>
      </Menu>
      {tool(
        fullscreen ? t('nav.exitFullscreen') : t('nav.fullscreen'),
        fullscreen ? <FullScreenMinimize20Regular /> : <FullScreenMaximize20Regular />,
        toggleFullscreen,
      )}
      <UserMenu color="var(--lab-header-fg)" />
      <ErrorLogDialog open={dialog === 'errors'} onClose={() => setDialog(null)} />
      <LockDialog open={dialog === 'lock'} onClose={() => setDialog(null)} />
      <ThemeDialog open={dialog === 'theme'} onClose={() => setDialog(null)} />
      <AboutDialog />
    </header>
  )
}

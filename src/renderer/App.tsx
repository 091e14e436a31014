import { useEffect, useMemo, useState } from 'react'
import { HashRouter, useNavigate } from 'react-router-dom'
import { FluentProvider, Spinner } from '@fluentui/react-components'
import { AppRoutes } from './routes/AppRoutes'
import { ConfirmHost } from './shell/confirm'
import { ErrorBoundary } from './shell/ErrorBoundary'
import { useErrorLog } from './shell/errorLog'
import { Notifications } from './shell/notify'
import { useSession } from './shell/session'
import { useSettings } from './shell/settings'
import { buildTheme } from './theme/themes'
import { ChromeStyle } from './theme/ChromeStyle'
import { StartupScreen, useServerStatus } from './layout/StartupGate'
import { useLanguage, useT } from './i18n'

/** Follows main's session events: a 401 anywhere signs out and shows /login. */
function SessionEvents() {
  const navigate = useNavigate()
  useEffect(() => {
    const offExpired = window.api.on('session:expired', () => {
      useSession.getState().expire()
      navigate('/login', { replace: true })
    })
    const offChanged = window.api.on('session:changed', (state) => useSession.getState().apply(state))
    return () => {
      offExpired()
      offChanged()
    }
  }, [navigate])
  return null
}

function Splash() {
  const t = useT()
  return (
    <div style={{ height: '100%', display: 'grid', placeItems: 'center' }}>
      <Spinner label={t('common.loading')} />
    </div>
  )
}

export function App() {
  const ready = useSession((s) => s.ready)
  const settingsLoaded = useSettings((s) => s.loaded)
  const themeName = useSettings((s) => s.theme)
  const color = useSettings((s) => s.color)
  const language = useLanguage((s) => s.language)
  const { theme, chrome } = useMemo(() => buildTheme(themeName, color), [themeName, color])
  const serverStatus = useServerStatus()
  // Once ready, the app stays up through a server restart (its calls wait for the server).
  const [serverReady, setServerReady] = useState(false)
  if (!serverReady && serverStatus?.state === 'ready') setServerReady(true)

  useEffect(() => {
    if (!serverReady) return
    // Settings and session load side by side: the first screen appears as soon as both answer.
    void useSettings.getState().load()
    void useSession
      .getState()
      .refresh()
      .catch(() => useSession.setState({ ready: true }))
    void useErrorLog.getState().refresh()
  }, [serverReady])

  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en'
  }, [language])

  return (
    <FluentProvider theme={theme} style={{ height: '100%', background: chrome.contentBg }}>
      <ChromeStyle chrome={chrome} />
      <Notifications />
      <ConfirmHost />
      <ErrorBoundary>
        {!serverReady ? (
          <StartupScreen status={serverStatus} />
        ) : ready && settingsLoaded ? (
          <HashRouter>
            <SessionEvents />
            <AppRoutes />
          </HashRouter>
        ) : (
          <Splash />
        )}
      </ErrorBoundary>
    </FluentProvider>
  )
}

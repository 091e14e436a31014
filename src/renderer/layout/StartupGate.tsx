import { useEffect, useState } from 'react'
import { Spinner, Text, tokens } from '@fluentui/react-components'
import type { ServerStatus } from '../../shared/ipc/api'
import { useText } from '../i18n'

/**
 * Whether the server can be used: main answers 'ready' once the (embedded) server is up and the saved
 * session restored. The app's first calls (settings, session) wait for it.
 */
export function useServerStatus(): ServerStatus | null {
  const [status, setStatus] = useState<ServerStatus | null>(null)
  useEffect(() => {
    let live = true
    // Subscribe first: a status sent while the question is on its way is not lost.
    const off = window.api.on('server:status', (s) => setStatus(s))
    void window.api.server
      .status()
      .then((s) => live && setStatus((current) => current ?? s))
      .catch(() => live && setStatus({ state: 'ready' }))
    return () => {
      live = false
      off()
    }
  }, [])
  return status
}

/** What shows instead of the sign-in screen while the embedded server starts, restarts or failed. */
export function StartupScreen({ status }: { status: ServerStatus | null }) {
  const text = useText()
  if (status?.state === 'failed') {
    return (
      <div role="alert" style={{ height: '100%', display: 'grid', placeItems: 'center', padding: 24 }}>
        <div style={{ maxWidth: 560, display: 'grid', gap: 8 }}>
          <Text size={500} weight="semibold" style={{ color: tokens.colorPaletteRedForeground1 }}>
            {text({ zh: '内置服务器无法启动', en: 'The built-in server could not start' })}
          </Text>
          {status.message && <Text>{status.message}</Text>}
          {status.logFile && (
            <Text>
              {text({ zh: '日志文件: ', en: 'Log file: ' })}
              {status.logFile}
            </Text>
          )}
        </div>
      </div>
    )
  }
  // Not yet answered: most often a configured server, ready at once; say nothing about starting one.
  if (!status) return <div style={{ height: '100%' }} />
  const label =
    status.state === 'restarting'
      ? (status.message ?? text({ zh: '正在重新启动内置服务器…', en: 'Restarting the built-in server…' }))
      : text({ zh: '正在启动内置服务器…', en: 'Starting the built-in server…' })
  return (
    <div style={{ height: '100%', display: 'grid', placeItems: 'center' }}>
      <Spinner label={label} />
    </div>
  )
}

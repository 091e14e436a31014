import { useEffect, useState, type ReactNode } from 'react'
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
} from '@fluentui/react-components'
import type { ClientOutdated, UpdaterStatus } from '../../../shared/ipc/contract'
import { useT } from '../../i18n'
import { showCallError } from '../../shell/request'

/**
 * The server asks for a newer client: says which version is needed and offers the update (the top
 * bar's updater: check, download, restart into it). With updates off, the administrator updates it.
 */
export function OutdatedClient({ outdated }: { outdated: ClientOutdated }) {
  const t = useT()
  const [status, setStatus] = useState<UpdaterStatus | null>(null)

  useEffect(() => {
    const off = window.api.on('updater:status', setStatus)
    window.api.updater.status().then((s) => setStatus((now) => now ?? s), showCallError)
    return off
  }, [])

  const check = () => void window.api.updater.check().then(setStatus, showCallError)
  const install = () => void window.api.updater.install().catch(showCallError)

  let action: ReactNode = null
  let note = ''
  switch (status?.state) {
    case undefined:
      break
    case 'disabled':
      note = t('login.outdated.askAdmin')
      break
    case 'checking':
      note = t('update.checking')
      action = <Spinner size="extra-tiny" />
      break
    case 'available':
    case 'downloading':
      note = `${t('update.downloading')}${status.percent !== null ? ` ${Math.floor(status.percent)}%` : ''}`
      action = <Spinner size="extra-tiny" />
      break
    case 'downloaded':
      action = (
        <Button size="small" appearance="primary" onClick={install}>
          {t('login.outdated.install')}
        </Button>
      )
      break
    default:
      if (status?.state === 'not-available') note = t('login.outdated.notFound')
      if (status?.state === 'error') note = t('update.failed')
      action = (
        <Button size="small" onClick={check}>
          {t('login.outdated.check')}
        </Button>
      )
  }

  return (
    <MessageBar intent="error" role="alert" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('login.outdated.title')}</MessageBarTitle>
        {t('login.outdated.message')
          .replace('{version}', outdated.version)
          .replace('{minVersion}', outdated.minVersion)}
        {note ? <div>{note}</div> : null}
      </MessageBarBody>
      {action ? <MessageBarActions>{action}</MessageBarActions> : null}
    </MessageBar>
  )
}

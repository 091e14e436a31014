import { useEffect, useState } from 'react'
import { Button, Spinner, Tooltip, makeStyles } from '@fluentui/react-components'
import { ArrowDownload20Regular, ArrowSync20Regular, Warning20Regular } from '@fluentui/react-icons'
import type { UpdaterStatus } from '../../../shared/ipc/contract'
import { useT } from '../../i18n'
import { showCallError } from '../../shell/request'

const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '6px',
    fontSize: '12px',
    whiteSpace: 'nowrap',
    color: 'var(--lab-header-fg)',
    padding: '0 4px',
  },
  button: { color: 'var(--lab-header-fg)' },
})

/**
 * The updater's state in the top bar: checking, downloading with percent, ready (立即重启安装),
 * failed (the message in a tooltip). Nothing when updates are off, idle or up to date.
 */
export function UpdateStatus() {
  const t = useT()
  const styles = useStyles()
  const [status, setStatus] = useState<UpdaterStatus | null>(null)

  useEffect(() => {
    const off = window.api.on('updater:status', setStatus)
    window.api.updater.status().then((s) => setStatus((now) => now ?? s), showCallError)
    return off
  }, [])

  if (!status) return null
  switch (status.state) {
    case 'checking':
      return (
        <span className={styles.root} role="status">
          <Spinner size="extra-tiny" />
          {t('update.checking')}
        </span>
      )
    case 'available':
    case 'downloading':
      return (
        <span className={styles.root} role="status">
          <ArrowSync20Regular />
          {t('update.downloading')}
          {status.percent !== null ? ` ${Math.floor(status.percent)}%` : ''}
        </span>
      )
    case 'downloaded':
      return (
        <span className={styles.root} role="status">
          <Tooltip content={t('update.ready')} relationship="description">
            <Button
              size="small"
              appearance="subtle"
              className={styles.button}
              icon={<ArrowDownload20Regular />}
              onClick={() => void window.api.updater.install().catch(showCallError)}
            >
              {t('update.install')}
              {status.version ? ` (${status.version})` : ''}
            </Button>
          </Tooltip>
        </span>
      )
    case 'error':
      return (
        <Tooltip content={status.message ?? t('update.failed')} relationship="description">
          <span className={styles.root} role="status" tabIndex={0}>
            <Warning20Regular />
            {t('update.failed')}
          </span>
        </Tooltip>
      )
    default:
      return null
  }
}

import { useEffect, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import type { AppAbout } from '../../../shared/ipc/contract'
import { useT } from '../../i18n'
import { showCallError } from '../../shell/request'
import { useAbout } from './about'

const useStyles = makeStyles({
  rows: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 16px', margin: 0 },
  name: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, wordBreak: 'break-all', userSelect: 'text' },
})

/** 关于: version, server, data and log folders (main's 'app:about'); opened by useAbout. */
export function AboutDialog() {
  const t = useT()
  const styles = useStyles()
  const open = useAbout((s) => s.open)
  const [about, setAbout] = useState<AppAbout | null>(null)

  useEffect(() => window.api.on('app:show-about', () => useAbout.getState().show()), [])
  useEffect(() => {
    if (open) window.api.app.about().then(setAbout, showCallError)
  }, [open])

  const rows: Array<[string, string]> = about
    ? [
        [t('about.version'), about.version],
        [t('about.server'), about.embedded ? `${about.serverUrl} (${t('about.embedded')})` : about.serverUrl],
        [t('about.dataDir'), about.dataDir],
        [t('about.logDir'), about.logDir],
        ...(about.policyKeys.length
          ? [[t('about.policy'), about.policyKeys.join(', ')] as [string, string]]
          : []),
      ]
    : []

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && useAbout.getState().hide()}>
      <DialogSurface aria-label={t('about.title')}>
        <DialogBody>
          <DialogTitle>
            {t('about.title')} {t('app.title')}
          </DialogTitle>
          <DialogContent>
            <dl className={styles.rows}>
              {rows.map(([name, value]) => (
                <div key={name} style={{ display: 'contents' }}>
                  <dt className={styles.name}>{name}</dt>
                  <dd className={styles.value}>{value}</dd>
                </div>
              ))}
            </dl>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => useAbout.getState().hide()}>
              {t('about.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

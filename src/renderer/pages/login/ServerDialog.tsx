import { useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Text,
} from '@fluentui/react-components'
import { useT } from '../../i18n'
import { notify } from '../../shell/notify'
import { errorMessage } from '../../shell/request'
import { useSession } from '../../shell/session'
import { useSettings } from '../../shell/settings'

/** The server address used by the app ('' = the embedded server); applied at the next start. */
export function ServerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT()
  const saved = useSettings((s) => s.serverUrl)
  const pinned = useSettings((s) => s.locked.includes('serverUrl'))
  const session = useSession((s) => s.state)
  const [url, setUrl] = useState(saved)
  const [error, setError] = useState('')

  const save = async () => {
    const value = url.trim().replace(/\/+$/, '')
    if (value && !/^https?:\/\/[^\s/]+/i.test(value)) {
      setError(t('server.invalid'))
      return
    }
    try {
      await useSettings.getState().setServerUrl(value)
      notify.success(t('server.saved'))
      onClose()
    } catch (e) {
      setError(errorMessage(e))
    }
  }

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface style={{ maxWidth: 480 }}>
        <DialogBody>
          <DialogTitle>{t('server.title')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Field
              label={t('server.url')}
              hint={pinned ? t('server.pinned') : t('server.hint')}
              validationMessage={error || undefined}
            >
              <Input
                value={pinned ? saved : url}
                readOnly={pinned}
                placeholder={t('server.embedded')}
                onChange={(_, d) => {
                  setUrl(d.value)
                  setError('')
                }}
              />
            </Field>
            {session ? (
              <Text size={200}>
                {t('server.current')}:{' '}
                {session.embedded ? `${t('server.embedded')} (${session.serverUrl})` : session.serverUrl}
              </Text>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button appearance="primary" disabled={pinned} onClick={() => void save()}>
              {t('common.save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

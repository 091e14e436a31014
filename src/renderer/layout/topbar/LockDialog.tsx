import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
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
} from '@fluentui/react-components'
import { useT } from '../../i18n'
import { useSession } from '../../shell/session'
import { showCallError } from '../../shell/request'

/** Lock screen step one: ask for the lock password (required), then lock and show /lock. */
export function LockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT()
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [error, setError] = useState('')
  const savedIdle = useSession((s) => s.state?.idleLockMinutes ?? 0)
  const [idle, setIdle] = useState<string | null>(null)
  const [idleError, setIdleError] = useState('')

  const close = () => {
    setPassword('')
    setError('')
    setIdle(null)
    setIdleError('')
    onClose()
  }

  const lock = async () => {
    const text = idle ?? String(savedIdle)
    const minutes = Number(text)
    if (text.trim() === '' || !Number.isInteger(minutes) || minutes < 0 || minutes > 1440) {
      setIdleError(t('lock.idleInvalid'))
      return
    }
    if (!password) {
      setError(t('validate.lockRequired'))
      return
    }
    try {
      if (minutes !== savedIdle) await useSession.getState().setIdleLock(minutes)
      await useSession.getState().lock(password)
      close()
      navigate('/lock')
    } catch (e) {
      showCallError(e)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface style={{ maxWidth: 420 }}>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void lock()
          }}
        >
          <DialogBody>
            <DialogTitle>{t('lock.title')}</DialogTitle>
            <DialogContent>
              <Field label={t('lock.password')} required validationMessage={error || undefined}>
                <Input
                  type="password"
                  autoFocus
                  value={password}
                  maxLength={128}
                  onChange={(_, d) => {
                    setPassword(d.value)
                    setError('')
                  }}
                />
              </Field>
              <Field
                label={t('lock.idleMinutes')}
                hint={t('lock.idleHint')}
                validationMessage={idleError || undefined}
              >
                <Input
                  type="number"
                  min={0}
                  max={1440}
                  value={idle ?? String(savedIdle)}
                  onChange={(_, d) => {
                    setIdle(d.value)
                    setIdleError('')
                  }}
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>{t('common.cancel')}</Button>
              <Button type="submit" appearance="primary">
                {t('nav.lock')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}

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
  MessageBar,
  MessageBarBody,
  makeStyles,
} from '@fluentui/react-components'
import { useT } from '../../i18n'
import { errorMessage } from '../../shell/request'
import { validateRegistration, type RegistrationErrors, type RegistrationForm } from './registration'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
})

interface Props {
  open: boolean
  onClose: () => void
  /** The tenant resolved from the server's host, if any (then the field is hidden). */
  resolvedTenantId: string | null
  defaultTenantId: string
}

const empty = (tenantId: string): RegistrationForm => ({
  tenantId,
  name: '',
  account: '',
  password: '',
  password2: '',
})

/** 账号注册: a guest applies for an account; an administrator approves it later. */
export function RegisterDialog({ open, onClose, resolvedTenantId, defaultTenantId }: Props) {
  const t = useT()
  const styles = useStyles()
  const [form, setForm] = useState(() => empty(defaultTenantId))
  const [errors, setErrors] = useState<RegistrationErrors>({})
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)

  const field = (name: keyof RegistrationForm) => ({
    value: form[name],
    onChange: (_: unknown, data: { value: string }) => setForm((f) => ({ ...f, [name]: data.value })),
  })

  const close = () => {
    setForm(empty(defaultTenantId))
    setErrors({})
    setFailure('')
    setDone(false)
    onClose()
  }

  const submit = async () => {
    const found = validateRegistration(form, !!resolvedTenantId)
    setErrors(found)
    setFailure('')
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      const reply = await window.api.session.registerGuest({
        tenantId: resolvedTenantId ?? form.tenantId.trim(),
        name: form.name.trim() || form.account.trim(),
        account: form.account.trim(),
        password: form.password,
      })
      if (reply.success) setDone(true)
      else setFailure(reply.msg || t('register.failed'))
    } catch (error) {
      setFailure(errorMessage(error) || t('register.failed'))
    } finally {
      setBusy(false)
    }
  }

  const message = (name: keyof RegistrationForm) => (errors[name] ? t(errors[name]) : undefined)

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface style={{ maxWidth: 480 }}>
        <DialogBody>
          <DialogTitle>{t('register.title')}</DialogTitle>
          <DialogContent>
            {done ? (
              <MessageBar intent="success">
                <MessageBarBody>{t('register.awaiting')}</MessageBarBody>
              </MessageBar>
            ) : (
              <form
                className={styles.form}
                onSubmit={(e) => {
                  e.preventDefault()
                  void submit()
                }}
              >
                {failure ? (
                  <MessageBar intent="error">
                    <MessageBarBody>{failure}</MessageBarBody>
                  </MessageBar>
                ) : null}
                {resolvedTenantId ? null : (
                  <Field label={t('register.tenantId')} required validationMessage={message('tenantId')}>
                    <Input {...field('tenantId')} maxLength={12} />
                  </Field>
                )}
                <Field label={t('register.name')}>
                  <Input {...field('name')} maxLength={64} />
                </Field>
                <Field label={t('register.account')} required validationMessage={message('account')}>
                  <Input {...field('account')} maxLength={64} autoComplete="username" />
                </Field>
                <Field label={t('register.password')} required validationMessage={message('password')}>
                  <Input {...field('password')} type="password" maxLength={128} autoComplete="new-password" />
                </Field>
                <Field label={t('register.password2')} required validationMessage={message('password2')}>
                  <Input
                    {...field('password2')}
                    type="password"
                    maxLength={128}
                    autoComplete="new-password"
                  />
                </Field>
                <button type="submit" hidden />
              </form>
            )}
          </DialogContent>
          <DialogActions>
            {done ? (
              <Button appearance="primary" onClick={close}>
                {t('common.ok')}
              </Button>
            ) : (
              <>
                <Button onClick={close}>{t('common.cancel')}</Button>
                <Button appearance="primary" disabled={busy} onClick={() => void submit()}>
                  {t('register.submit')}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

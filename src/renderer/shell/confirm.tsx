import { useEffect, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { t } from '../i18n'

interface Pending {
  title: string
  message: string
  resolve: (ok: boolean) => void
}

let open: ((pending: Pending) => void) | null = null

/**
 * An async confirmation, `if (await confirm(message)) ...`, titled 提示 unless told otherwise.
 * Rendered by the one `<ConfirmHost/>` of the app.
 */
export function confirm(message: string, title = t('common.tip')): Promise<boolean> {
  return new Promise((resolve) => {
    if (!open) resolve(false)
    else open({ title, message, resolve })
  })
}

export function ConfirmHost() {
  const [pending, setPending] = useState<Pending | null>(null)
  useEffect(() => {
    open = setPending
    return () => {
      open = null
    }
  }, [])
  const answer = (ok: boolean) => {
    pending?.resolve(ok)
    setPending(null)
  }
  return (
    <Dialog open={pending !== null} onOpenChange={(_, data) => !data.open && answer(false)}>
      <DialogSurface style={{ maxWidth: 420 }}>
        <DialogBody>
          <DialogTitle>{pending?.title}</DialogTitle>
          <DialogContent>{pending?.message}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={() => answer(false)}>
              {t('common.cancel')}
            </Button>
            <Button appearance="primary" onClick={() => answer(true)}>
              {t('common.ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

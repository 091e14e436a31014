import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { WarningFilled } from '@fluentui/react-icons'
import { useState } from 'react'
import type { Lang } from './fields'
import { sayer } from './strings'

const useStyles = makeStyles({
  content: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
  },
  icon: { fontSize: '24px', color: tokens.colorPaletteMarigoldForeground1, flexShrink: 0 },
})

/** The 提示 confirmation (e.g. 确定将选择数据删除?); stays open with a spinner while `onConfirm` runs. */
export function ConfirmDialog({
  lang,
  message,
  onConfirm,
  onClose,
}: {
  lang: Lang
  message: string
  onConfirm: () => Promise<void>
  onClose: () => void
}) {
  const s = useStyles()
  const say = sayer(lang)
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } catch {
      // the call has shown its message; the dialog closes either way
    } finally {
      setBusy(false)
      onClose()
    }
  }
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface style={{ width: 420 }}>
        <DialogBody>
          <DialogTitle>{say('tip')}</DialogTitle>
          <DialogContent className={s.content}>
            <WarningFilled className={s.icon} />
            <span>{message}</span>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              {say('cancel')}
            </Button>
            <Button
              appearance="primary"
              onClick={() => void confirm()}
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
            >
              {say('ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

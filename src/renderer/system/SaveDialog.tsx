import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { useState, type ReactNode } from 'react'
import { useLang } from '../resource/shell-adapter'

/**
 * The frame of a system screen's small modal form: a title, the content, and 确定 (or `okLabel`)
 * and 取消. 确定 runs `onSave` and stays disabled while it runs; a failed request has already been
 * reported by the request helper, so it only enables 确定 again.
 */
export function SaveDialog({
  title,
  maxWidth,
  okLabel,
  onSave,
  onClose,
  children,
}: {
  title: string
  maxWidth: number
  okLabel?: string
  onSave: () => Promise<void>
  onClose: () => void
  children: ReactNode
}) {
  const zh = useLang() === 'zh'
  const [busy, setBusy] = useState(false)
  const save = async () => {
    setBusy(true)
    try {
      await onSave()
    } catch {
      // the request helper has shown the server's message
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth }}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={() => void save()}>
              {okLabel ?? (zh ? '确定' : 'OK')}
            </Button>
            <Button onClick={onClose}>{zh ? '取消' : 'Cancel'}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

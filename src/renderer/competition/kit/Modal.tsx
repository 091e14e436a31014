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
import { DismissRegular } from '@fluentui/react-icons'
import type { ReactNode } from 'react'

const useStyles = makeStyles({
  body: {
    maxHeight: 'calc(100vh - 200px)',
    overflowY: 'auto',
    paddingRight: tokens.spacingHorizontalS,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
})

/** A modal dialog of the area: title with a close button, scrolling body, buttons. */
export function Modal({
  title,
  width = 800,
  onClose,
  busy,
  actions,
  children,
}: {
  title: string
  width?: number
  onClose: () => void
  busy?: boolean
  actions?: ReactNode
  children: ReactNode
}) {
  const s = useStyles()
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface style={{ width, maxWidth: 'calc(100vw - 48px)' }}>
        <DialogBody>
          <DialogTitle
            action={
              <Button
                appearance="subtle"
                aria-label="关闭"
                icon={<DismissRegular />}
                onClick={onClose}
                disabled={busy}
              />
            }
          >
            {title}
          </DialogTitle>
          <DialogContent className={s.body}>{children}</DialogContent>
          {actions ? <DialogActions>{actions}</DialogActions> : null}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

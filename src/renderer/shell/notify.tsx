import { useEffect } from 'react'
import {
  Toast,
  ToastBody,
  ToastTitle,
  Toaster,
  useId,
  useToastController,
  type ToastIntent,
} from '@fluentui/react-components'

type Show = (intent: ToastIntent, message: string, detail?: string) => void

let show: Show | null = null

/**
 * Toast messages from anywhere (stores, request helpers, event handlers):
 * `notify.success('保存成功')`, `notify.error(message)`. Rendered by the one `<Notifications/>`
 * mounted inside the FluentProvider; messages sent before it mounts are dropped.
 */
export const notify = {
  success: (message: string, detail?: string) => show?.('success', message, detail),
  error: (message: string, detail?: string) => show?.('error', message, detail),
  warning: (message: string, detail?: string) => show?.('warning', message, detail),
  info: (message: string, detail?: string) => show?.('info', message, detail),
}

export function Notifications() {
  const toasterId = useId('toaster')
  const { dispatchToast } = useToastController(toasterId)
  useEffect(() => {
    show = (intent, message, detail) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
          {detail ? <ToastBody>{detail}</ToastBody> : null}
        </Toast>,
        { intent, position: 'top', timeout: intent === 'error' ? 5000 : 3000 },
      )
    return () => {
      show = null
    }
  }, [dispatchToast])
  return <Toaster toasterId={toasterId} position="top" />
}

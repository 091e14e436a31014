import { Button } from '@fluentui/react-components'
import { useState, type ReactElement } from 'react'
import type { AnyEndpoint, AnswerOf, CallInput } from '../../shared/api/endpoint'
import { useText } from '../i18n'
import { call } from '../shell/request'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { T } from './texts'

/**
 * A row or toolbar button that calls one endpoint (after an optional confirmation), toasts the
 * server's message on success and tells the screen to reload. Hidden without its permission.
 */
export function ActionButton<E extends AnyEndpoint>({
  permission,
  endpoint,
  input,
  label,
  confirmText,
  done,
  onDone,
  size = 'small',
  appearance = 'transparent',
  icon,
}: {
  permission?: string
  endpoint: E
  input: CallInput<E>
  label: { zh: string; en: string }
  confirmText?: { zh: string; en: string }
  done?: (answer: AnswerOf<E>) => string | undefined
  onDone?: (answer: AnswerOf<E>) => void
  size?: 'small' | 'medium'
  appearance?: 'transparent' | 'secondary' | 'primary' | 'subtle'
  icon?: ReactElement
}) {
  const can = usePermissions()
  const text = useText()
  const [busy, setBusy] = useState(false)
  if (permission && !can(permission)) return null
  const run = async () => {
    if (confirmText && !(await confirm(text(confirmText)))) return
    setBusy(true)
    try {
      const answer = await (call as (e: E, i: CallInput<E>) => Promise<AnswerOf<E>>)(endpoint, input)
      notify.success(done?.(answer) ?? text(T.done))
      onDone?.(answer)
    } catch {
      // the call toasted the server's message
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button size={size} appearance={appearance} icon={icon} disabled={busy} onClick={() => void run()}>
      {text(label)}
    </Button>
  )
}

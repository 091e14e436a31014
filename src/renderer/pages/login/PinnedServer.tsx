import { Field, Input } from '@fluentui/react-components'
import { useT } from '../../i18n'
import { useSettings } from '../../shell/settings'

/** The server address machine policy pins, shown read-only on the sign-in form; nothing when not pinned. */
export function PinnedServer() {
  const t = useT()
  const serverUrl = useSettings((s) => s.serverUrl)
  const pinned = useSettings((s) => s.locked.includes('serverUrl'))
  if (!pinned) return null
  return (
    <Field label={t('server.url')} hint={t('server.pinned')}>
      <Input value={serverUrl} readOnly />
    </Field>
  )
}

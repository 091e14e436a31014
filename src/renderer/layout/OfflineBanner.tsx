import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components'
import { useT } from '../i18n'
import { useOffline } from '../shell/session'

/** Shown while main cannot reach the server; it goes by itself once the server answers again. */
export function OfflineBanner() {
  const t = useT()
  const offline = useOffline()
  if (!offline) return null
  return (
    <MessageBar intent="warning" layout="multiline" role="status" aria-label={t('session.offlineTitle')}>
      <MessageBarBody>
        <MessageBarTitle>{t('session.offlineTitle')}</MessageBarTitle>
        {t('session.offline')}
      </MessageBarBody>
    </MessageBar>
  )
}

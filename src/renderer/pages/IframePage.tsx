import { Button, MessageBar, MessageBarBody, makeStyles } from '@fluentui/react-components'
import { Open16Regular } from '@fluentui/react-icons'
import { useSearchParams } from 'react-router-dom'
import { useT } from '../i18n'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100%', gap: '8px' },
  bar: { display: 'flex', justifyContent: 'flex-end' },
  frame: { flex: 1, border: 'none', width: '100%', minHeight: '480px', background: '#fff' },
})

/** An external-link menu item: the page in a sandboxed iframe (http and https only). */
export function IframePage() {
  const t = useT()
  const styles = useStyles()
  const [params] = useSearchParams()
  const src = params.get('src') ?? ''
  if (!/^https?:\/\//i.test(src)) {
    return (
      <MessageBar intent="warning">
        <MessageBarBody>{t('page.iframeMissing')}</MessageBarBody>
      </MessageBar>
    )
  }
  return (
    <div className={styles.root}>
      <div className={styles.bar}>
        <Button size="small" icon={<Open16Regular />} onClick={() => void window.api.shell.openExternal(src)}>
          {src}
        </Button>
      </div>
      <iframe
        className={styles.frame}
        title={src}
        src={src}
        sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
        referrerPolicy="no-referrer"
      />
    </div>
  )
}

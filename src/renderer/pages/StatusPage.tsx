import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { useNavigate } from 'react-router-dom'
import { useT } from '../i18n'

const useStyles = makeStyles({
  root: {
    minHeight: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '64px',
    padding: '48px',
    background: tokens.colorNeutralBackground1,
    flexWrap: 'wrap',
  },
  code: {
    fontSize: '120px',
    fontWeight: 700,
    lineHeight: 1,
    color: tokens.colorBrandForeground1,
    letterSpacing: '4px',
  },
  text: { display: 'flex', flexDirection: 'column', gap: '16px', alignItems: 'flex-start' },
  message: { fontSize: tokens.fontSizeBase500, color: tokens.colorNeutralForeground2, margin: 0 },
})

/** The public 404, 403 and 500 pages. */
export function StatusPage({ code }: { code: 404 | 403 | 500 }) {
  const t = useT()
  const styles = useStyles()
  const navigate = useNavigate()
  return (
    <div className={styles.root}>
      <div className={styles.code}>{code}</div>
      <div className={styles.text}>
        <p className={styles.message}>{t(`page.${code}`)}</p>
        <Button appearance="primary" onClick={() => navigate('/')}>
          {t('common.backHome')}
        </Button>
      </div>
    </div>
  )
}

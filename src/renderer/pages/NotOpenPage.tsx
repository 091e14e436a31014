import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { WrenchScrewdriver24Regular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import { useT } from '../i18n'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '12px',
    padding: '96px 24px',
    textAlign: 'center',
  },
  icon: {
    width: '72px',
    height: '72px',
    borderRadius: '50%',
    display: 'grid',
    placeItems: 'center',
    background: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  name: { color: tokens.colorNeutralForeground3, margin: 0 },
  hint: { color: tokens.colorNeutralForeground3, margin: 0 },
})

/** A menu item whose screen is not built yet. */
export function NotOpenPage({ name }: { name?: string }) {
  const t = useT()
  const styles = useStyles()
  const navigate = useNavigate()
  return (
    <div className={styles.root}>
      <div className={styles.icon}>
        <WrenchScrewdriver24Regular />
      </div>
      <h2 style={{ margin: 0 }}>{t('page.notOpen')}</h2>
      {name ? <p className={styles.name}>{name}</p> : null}
      <p className={styles.hint}>{t('page.notOpenHint')}</p>
      <Button appearance="primary" onClick={() => navigate('/wel/index')}>
        {t('common.backHome')}
      </Button>
    </div>
  )
}

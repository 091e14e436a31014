import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Avatar, Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowRight20Regular, LockClosed20Regular, SignOut20Regular } from '@fluentui/react-icons'
import { useT } from '../i18n'
import { confirm } from '../shell/confirm'
import { SIGNED_OUT, useSession, useUser } from '../shell/session'
import { useTabs } from '../shell/tabs'

const useStyles = makeStyles({
  root: {
    minHeight: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '20px',
    color: '#fff',
    background: `radial-gradient(circle at 30% 20%, ${tokens.colorBrandBackgroundHover} 0%, ${tokens.colorBrandBackgroundPressed} 45%, #0b1330 100%)`,
  },
  clock: { fontSize: '72px', fontWeight: 300, letterSpacing: '2px', lineHeight: 1 },
  date: { opacity: 0.8, marginTop: '-8px' },
  card: {
    marginTop: '24px',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '12px',
    padding: '28px 32px',
    borderRadius: '16px',
    background: 'rgba(255,255,255,0.12)',
    backdropFilter: 'blur(6px)',
    minWidth: '320px',
  },
  row: { display: 'flex', gap: '8px', width: '100%' },
  label: { color: '#fff' },
})

function useNow(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(id)
  }, [])
  return now
}

/** The lock screen: unlock with the lock password, or sign out. */
export function LockPage() {
  const t = useT()
  const styles = useStyles()
  const navigate = useNavigate()
  const user = useUser()
  const now = useNow()
  const [password, setPassword] = useState('')
  const [error, setError] = useState('')

  useEffect(() => {
    document.title = `${t('lock.pageTitle')}-${t('app.title')}`
  }, [t])

  const unlock = async () => {
    if (!password) {
      setError(t('validate.lockRequired'))
      return
    }
    const ok = await useSession.getState().unlock(password)
    if (!ok) {
      setError(t('lock.wrong'))
      setPassword('')
      return
    }
    navigate(useTabs.getState().active || '/', { replace: true })
  }

  const signOut = async () => {
    if (!(await confirm(t('nav.logoutConfirm')))) return
    await useSession.getState().signOut()
    navigate('/login', { replace: true, state: SIGNED_OUT })
  }

  const name = user?.realName || user?.nickName || user?.account || ''
  return (
    <div className={styles.root}>
      <div className={styles.clock}>{now.toLocaleTimeString('zh-CN', { hour12: false })}</div>
      <div className={styles.date}>{now.toLocaleDateString('zh-CN', { dateStyle: 'full' })}</div>
      <form
        className={styles.card}
        onSubmit={(e) => {
          e.preventDefault()
          void unlock()
        }}
      >
        <Avatar size={72} name={name} image={user?.avatar ? { src: user.avatar } : undefined} color="brand" />
        <div style={{ fontSize: 18, fontWeight: 600 }}>{name}</div>
        <div style={{ opacity: 0.8, display: 'flex', gap: 6, alignItems: 'center' }}>
          <LockClosed20Regular /> {t('lock.locked')}
        </div>
        <Field
          style={{ width: '100%' }}
          label={<span className={styles.label}>{t('lock.password')}</span>}
          validationMessage={error || undefined}
        >
          <div className={styles.row}>
            <Input
              style={{ flex: 1 }}
              type="password"
              autoFocus
              value={password}
              placeholder={t('lock.unlockPlaceholder')}
              onChange={(_, d) => {
                setPassword(d.value)
                setError('')
              }}
            />
            <Button type="submit" appearance="primary" icon={<ArrowRight20Regular />} iconPosition="after">
              {t('lock.unlock')}
            </Button>
          </div>
        </Field>
        <Button
          appearance="transparent"
          style={{ color: '#fff' }}
          icon={<SignOut20Regular />}
          onClick={() => void signOut()}
        >
          {t('lock.logout')}
        </Button>
      </form>
    </div>
  )
}

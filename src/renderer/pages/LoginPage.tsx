import { useCallback, useEffect, useLayoutEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import {
  Button,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  Beaker24Regular,
  BuildingMultiple24Regular,
  ChartMultiple24Regular,
  Key20Regular,
  LockClosed20Regular,
  Person20Regular,
  Server20Regular,
  ShieldCheckmark24Regular,
  Translate20Regular,
} from '@fluentui/react-icons'
import { useLanguage, useT } from '../i18n'
import { shellApi } from '../../shared/api/shell'
import { quietCall, errorMessage } from '../shell/request'
import { SIGNED_OUT, useSession } from '../shell/session'
import { useSettings } from '../shell/settings'
import { RegisterDialog } from './login/RegisterDialog'
import { ServerDialog } from './login/ServerDialog'
import { PinnedServer } from './login/PinnedServer'
import { OutdatedClient } from './login/OutdatedClient'
import { isCallError } from '../../shared/ipc/api'
import type { ClientOutdated } from '../../shared/ipc/contract'

export const DEFAULT_TENANT_ID = '000000'

const useStyles = makeStyles({
  root: {
    minHeight: '100%',
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1.1fr) minmax(420px, 0.9fr)',
    '@media (max-width: 900px)': { gridTemplateColumns: '1fr' },
  },
  hero: {
    position: 'relative',
    overflow: 'hidden',
    color: '#fff',
    padding: '56px 64px',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    background: `linear-gradient(135deg, ${tokens.colorBrandBackgroundPressed} 0%, ${tokens.colorBrandBackground} 55%, ${tokens.colorBrandBackgroundHover} 100%)`,
    '@media (max-width: 900px)': { display: 'none' },
  },
  heroBrand: { display: 'flex', alignItems: 'center', gap: '12px', fontSize: '20px', fontWeight: 600 },
  heroMark: {
    width: '40px',
    height: '40px',
    borderRadius: '10px',
    background: 'rgba(255,255,255,0.18)',
    display: 'grid',
    placeItems: 'center',
  },
  heroTitle: { fontSize: '36px', fontWeight: 700, margin: '0 0 12px', lineHeight: 1.3 },
  heroText: { fontSize: '15px', opacity: 0.85, margin: 0 },
  features: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    gap: '16px',
    marginTop: '40px',
    maxWidth: '560px',
  },
  feature: {
    display: 'flex',
    gap: '12px',
    alignItems: 'center',
    padding: '14px 16px',
    borderRadius: '10px',
    background: 'rgba(255,255,255,0.12)',
    backdropFilter: 'blur(2px)',
  },
  copyright: { fontSize: '12px', opacity: 0.7 },
  circle: {
    position: 'absolute',
    borderRadius: '50%',
    background: 'rgba(255,255,255,0.08)',
    pointerEvents: 'none',
  },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    background: tokens.colorNeutralBackground1,
    padding: '24px 32px',
  },
  panelTop: { display: 'flex', justifyContent: 'flex-end', gap: '4px' },
  formWrap: { flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' },
  form: { width: '100%', maxWidth: '360px', display: 'flex', flexDirection: 'column', gap: '16px' },
  title: { fontSize: '28px', fontWeight: 600, margin: 0, color: tokens.colorNeutralForeground1 },
  subtitle: { margin: '4px 0 8px', color: tokens.colorNeutralForeground3 },
  captchaRow: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 120px',
    gap: '8px',
    alignItems: 'start',
  },
  captchaImage: {
    height: '40px',
    width: '120px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    marginTop: '26px',
    cursor: 'pointer',
    background: tokens.colorNeutralBackground3,
    display: 'grid',
    placeItems: 'center',
    padding: 0,
    overflow: 'hidden',
    flexShrink: 0,
  },
  links: { display: 'flex', justifyContent: 'space-between' },
  divider: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    '::before': { content: '""', flex: 1, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
    '::after': { content: '""', flex: 1, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  },
  submit: { height: '40px', fontSize: '15px' },
})

interface Captcha {
  key: string
  image: string
}

type LoginErrors = Partial<Record<'tenantId' | 'account' | 'password' | 'captchaCode', string>>

export function LoginPage() {
  const t = useT()
  const styles = useStyles()
  const location = useLocation()
  const language = useLanguage((s) => s.language)
  const serverUrl = useSession((s) => s.state?.serverUrl ?? '')
  // Main ended the last session (the server refused its token): say why.
  const signedOutReason = useSession((s) => s.state?.signedOutReason ?? '')
  // The server asks for a newer client: from the refused sign-in, or from main not resuming the session.
  const [refusedAsOutdated, setRefusedAsOutdated] = useState<ClientOutdated | null>(null)
  const sessionOutdated = useSession((s) => s.state?.clientOutdated ?? null)
  const outdated = refusedAsOutdated ?? sessionOutdated
  const [tenantId, setTenantId] = useState(DEFAULT_TENANT_ID)
  const [resolvedTenant, setResolvedTenant] = useState<string | null>(null)
  const [account, setAccount] = useState('')
  const [password, setPassword] = useState('')
  const [captchaCode, setCaptchaCode] = useState('')
  const [captcha, setCaptcha] = useState<Captcha | null>(null)
  const [errors, setErrors] = useState<LoginErrors>({})
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)
  const [registerOpen, setRegisterOpen] = useState(false)
  const [serverOpen, setServerOpen] = useState(false)
  const [ssoEnabled, setSsoEnabled] = useState(false)
  const [ssoWaiting, setSsoWaiting] = useState(false)
  /** Shows why a sign-in failed: the update notice when the client is too old, else the message. */
  const refused = useCallback((error: unknown) => {
    if (isCallError(error) && error.outdated) setRefusedAsOutdated(error.outdated)
    else setFailure(errorMessage(error))
  }, [])
  const afterSignOut = (location.state as typeof SIGNED_OUT | null)?.signedOut === true

  const signInBySso = useCallback(async () => {
    setSsoWaiting(true)
    setFailure('')
    setRefusedAsOutdated(null)
    try {
      // the guard sends a signed-in user from here to 首页 as soon as the session says so
      await useSession.getState().signInBySso()
    } catch (error) {
      // Closing the sign-on window is the user's choice, not a failure.
      if (!(error as { silent?: boolean }).silent) refused(error)
    } finally {
      setSsoWaiting(false)
    }
  }, [refused])

  useEffect(() => {
    let live = true
    window.api.session
      .ssoConfig()
      .then(({ enabled }) => {
        if (!live) return
        setSsoEnabled(enabled)
        // Signing out returns to the sign-on page (spec: 退出登录 → 单点登录页).
        if (enabled && afterSignOut) void signInBySso()
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [afterSignOut, signInBySso])

  const refreshCaptcha = useCallback(() => {
    setCaptchaCode('')
    window.api.session
      .captcha()
      .then(setCaptcha)
      .catch((e: unknown) => {
        setCaptcha(null)
        setFailure(errorMessage(e))
      })
  }, [])

  useLayoutEffect(() => {
    document.title = t('login.title')
  }, [t])

  useEffect(() => {
    refreshCaptcha()
    quietCall(shellApi.tenantInfo, { query: { domain: serverUrl } })
      .then((info) => setResolvedTenant(info?.tenantId ? String(info.tenantId) : null))
      .catch(() => setResolvedTenant(null))
  }, [refreshCaptcha, serverUrl])

  const submit = async () => {
    const found: LoginErrors = {}
    if (!resolvedTenant && !tenantId.trim()) found.tenantId = t('login.tenantRequired')
    if (!account.trim()) found.account = t('login.accountRequired')
    if (!password) found.password = t('login.passwordRequired')
    if (!captchaCode.trim()) found.captchaCode = t('login.captchaRequired')
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    setFailure('')
    setRefusedAsOutdated(null)
    try {
      await useSession.getState().signIn({
        tenantId: resolvedTenant ?? tenantId.trim(),
        account: account.trim(),
        password,
        captchaKey: captcha?.key ?? '',
        captchaCode: captchaCode.trim(),
      })
      // No navigate('/') here: the guard has already taken the signed-in user to 首页 while the menus
      // loaded, and leaving for '/' now would unmount the shell and mount 首页 a second time.
    } catch (error) {
      refused(error)
      refreshCaptcha()
    } finally {
      setBusy(false)
    }
  }

  const switchLanguage = () => useSettings.getState().setLanguage(language === 'zh' ? 'en' : 'zh')

  return (
    <div className={styles.root}>
      <section className={styles.hero}>
        <div className={styles.circle} style={{ width: 420, height: 420, right: -140, top: -120 }} />
        <div className={styles.circle} style={{ width: 260, height: 260, left: -80, bottom: -60 }} />
        <div className={styles.heroBrand}>
          <span className={styles.heroMark}>
            <Beaker24Regular />
          </span>
          {t('app.title')}
        </div>
        <div>
          <h1 className={styles.heroTitle}>{t('app.title')}</h1>
          <p className={styles.heroText}>{t('app.subtitle')}</p>
          <div className={styles.features}>
            <div className={styles.feature}>
              <Beaker24Regular /> {t('login.feature.teach')}
            </div>
            <div className={styles.feature}>
              <BuildingMultiple24Regular /> {t('login.feature.lab')}
            </div>
            <div className={styles.feature}>
              <ShieldCheckmark24Regular /> {t('login.feature.safety')}
            </div>
            <div className={styles.feature}>
              <ChartMultiple24Regular /> {t('login.feature.report')}
            </div>
          </div>
        </div>
        <div className={styles.copyright}>
          © {new Date().getFullYear()} {t('app.title')}
        </div>
      </section>

      <section className={styles.panel}>
        <div className={styles.panelTop}>
          <Button appearance="subtle" icon={<Server20Regular />} onClick={() => setServerOpen(true)}>
            {t('login.server')}
          </Button>
          <Button appearance="subtle" icon={<Translate20Regular />} onClick={switchLanguage}>
            {language === 'zh' ? 'English' : '中文'}
          </Button>
        </div>
        <div className={styles.formWrap}>
          <form
            className={styles.form}
            aria-label={t('login.title')}
            onSubmit={(e) => {
              e.preventDefault()
              void submit()
            }}
          >
            <div>
              <h2 className={styles.title}>{t('login.title')}</h2>
              <p className={styles.subtitle}>
                {t('login.welcome')} · {t('app.title')}
              </p>
            </div>
            <PinnedServer />
            {outdated ? <OutdatedClient outdated={outdated} /> : null}
            {failure ? (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            ) : null}
            {signedOutReason && !failure && !outdated ? (
              <MessageBar intent="warning" role="status" aria-label={t('session.expired')}>
                <MessageBarBody>{signedOutReason}</MessageBarBody>
              </MessageBar>
            ) : null}
            {resolvedTenant ? null : (
              <Field label={t('login.tenantId')} validationMessage={errors.tenantId}>
                <Input
                  size="large"
                  value={tenantId}
                  maxLength={12}
                  contentBefore={<BuildingMultiple24Regular style={{ width: 20 }} />}
                  placeholder={t('login.tenantIdPlaceholder')}
                  onChange={(_, d) => setTenantId(d.value)}
                />
              </Field>
            )}
            <Field label={t('login.account')} validationMessage={errors.account}>
              <Input
                size="large"
                value={account}
                maxLength={64}
                autoComplete="username"
                contentBefore={<Person20Regular />}
                placeholder={t('login.accountPlaceholder')}
                onChange={(_, d) => setAccount(d.value)}
              />
            </Field>
            <Field label={t('login.password')} validationMessage={errors.password}>
              <Input
                size="large"
                type="password"
                value={password}
                maxLength={128}
                autoComplete="current-password"
                contentBefore={<LockClosed20Regular />}
                placeholder={t('login.passwordPlaceholder')}
                onChange={(_, d) => setPassword(d.value)}
              />
            </Field>
            <div className={styles.captchaRow}>
              <Field label={t('login.captcha')} validationMessage={errors.captchaCode}>
                <Input
                  size="large"
                  value={captchaCode}
                  maxLength={16}
                  autoComplete="off"
                  contentBefore={<Key20Regular />}
                  placeholder={t('login.captchaPlaceholder')}
                  onChange={(_, d) => setCaptchaCode(d.value)}
                />
              </Field>
              <button
                type="button"
                className={styles.captchaImage}
                title={t('login.captchaRefresh')}
                aria-label={t('login.captchaRefresh')}
                onClick={refreshCaptcha}
              >
                {captcha ? (
                  <img
                    src={captcha.image}
                    alt={t('login.captchaImage')}
                    style={{ width: '100%', height: '100%' }}
                  />
                ) : (
                  <Spinner size="tiny" />
                )}
              </button>
            </div>
            <Button
              type="submit"
              appearance="primary"
              className={styles.submit}
              disabled={busy || ssoWaiting}
            >
              {busy ? t('login.signingIn') : t('login.submit')}
            </Button>
            {ssoEnabled ? (
              <>
                <div className={styles.divider}>{t('login.or')}</div>
                <Button
                  type="button"
                  className={styles.submit}
                  icon={ssoWaiting ? <Spinner size="tiny" /> : <ShieldCheckmark24Regular />}
                  disabled={busy || ssoWaiting}
                  onClick={() => void signInBySso()}
                >
                  {ssoWaiting ? t('login.ssoWaiting') : t('login.sso')}
                </Button>
              </>
            ) : null}
            <div className={styles.links}>
              <Link as="button" type="button" onClick={() => setRegisterOpen(true)}>
                {t('login.register')}
              </Link>
            </div>
          </form>
        </div>
      </section>
      <RegisterDialog
        open={registerOpen}
        onClose={() => setRegisterOpen(false)}
        resolvedTenantId={resolvedTenant}
        defaultTenantId={DEFAULT_TENANT_ID}
      />
      <ServerDialog open={serverOpen} onClose={() => setServerOpen(false)} />
    </div>
  )
}

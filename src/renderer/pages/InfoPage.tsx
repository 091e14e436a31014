import { useEffect, useRef, useState } from 'react'
import {
  Avatar,
  Button,
  Card,
  Field,
  Input,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowUpload20Regular } from '@fluentui/react-icons'
import { md5 } from 'js-md5'
import { useT, type MessageKey } from '../i18n'
import { avatarError } from '../lib/avatar'
import { phoneError } from '../lib/phone'
import { notify } from '../shell/notify'
import { ownAccountApi } from '../../shared/api/user'
import { call, showCallError } from '../shell/request'
import { useSession } from '../shell/session'

const useStyles = makeStyles({
  card: { maxWidth: '760px', padding: '8px 24px 24px' },
  form: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    gap: '16px 24px',
    marginTop: '16px',
    '@media (max-width: 768px)': { gridTemplateColumns: '1fr' },
  },
  full: { gridColumn: '1 / -1' },
  avatarRow: { display: 'flex', alignItems: 'center', gap: '16px' },
  hint: { color: tokens.colorNeutralForeground3 },
  actions: { gridColumn: '1 / -1', display: 'flex', gap: '8px' },
})

interface Profile {
  id?: string
  avatar: string
  realName: string
  name: string
  phone: string
  email: string
}

type ProfileErrors = Partial<Record<'phone' | 'email', MessageKey>>

const blank: Profile = { avatar: '', realName: '', name: '', phone: '', email: '' }

function validateProfile(p: Profile): ProfileErrors {
  const errors: ProfileErrors = {}
  const phone = phoneError(p.phone)
  if (phone) errors.phone = phone
  if (p.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(p.email)) errors.email = 'info.emailFormat'
  return errors
}

function ProfileTab() {
  const t = useT()
  const styles = useStyles()
  const fileInput = useRef<HTMLInputElement>(null)
  const [profile, setProfile] = useState<Profile>(blank)
  const [loaded, setLoaded] = useState<Profile>(blank)
  const [errors, setErrors] = useState<ProfileErrors>({})
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    call(ownAccountApi.info)
      .then((user) => {
        const p: Profile = {
          id: user.id,
          avatar: user.avatar ?? '',
          realName: user.realName ?? '',
          name: user.name ?? '',
          phone: user.phone ?? '',
          email: user.email ?? '',
        }
        setProfile(p)
        setLoaded(p)
      })
      .catch(() => undefined)
  }, [])

  const set = (key: keyof Profile) => (_: unknown, d: { value: string }) =>
    setProfile((p) => ({ ...p, [key]: d.value }))

  const upload = async (file: File | undefined) => {
    if (!file) return
    const problem = avatarError(file)
    if (problem) {
      notify.error(t(problem))
      return
    }
    try {
      const bytes = new Uint8Array(await file.arrayBuffer())
      const result = await window.api.files.uploadAvatar({ name: file.name, type: file.type, bytes })
      setProfile((p) => ({ ...p, avatar: result.link }))
      notify.success(t('info.avatarUploaded'))
    } catch (error) {
      showCallError(error)
    }
  }

  const save = async () => {
    const found = validateProfile(profile)
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      await call(ownAccountApi.updateInfo, { body: profile })
      setLoaded(profile)
      const state = useSession.getState().state
      if (state?.user) {
        useSession.getState().apply({
          ...state,
          user: { ...state.user, realName: profile.realName, avatar: profile.avatar },
        })
      }
      notify.success(t('common.saved'))
    } catch {
      // the message was shown; the form stays editable
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <Field label={t('info.avatar')} className={styles.full}>
        <div className={styles.avatarRow}>
          <Avatar
            size={72}
            name={profile.realName || profile.name}
            image={profile.avatar ? { src: profile.avatar } : undefined}
            color="brand"
          />
          <div>
            <Button icon={<ArrowUpload20Regular />} onClick={() => fileInput.current?.click()}>
              {t('info.upload')}
            </Button>
            <div className={styles.hint}>
              <Text size={200}>{t('info.avatarHint')}</Text>
            </div>
          </div>
          <input
            ref={fileInput}
            type="file"
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            hidden
            onChange={(e) => {
              void upload(e.target.files?.[0])
              e.target.value = ''
            }}
          />
        </div>
      </Field>
      <Field label={t('info.realName')}>
        <Input value={profile.realName} maxLength={64} onChange={set('realName')} />
      </Field>
      <Field label={t('info.userName')}>
        <Input value={profile.name} maxLength={64} onChange={set('name')} />
      </Field>
      <Field label={t('info.phone')} required validationMessage={errors.phone ? t(errors.phone) : undefined}>
        <Input
          value={profile.phone}
          maxLength={11}
          onChange={set('phone')}
          onBlur={() => setErrors((e) => ({ ...e, phone: phoneError(profile.phone) ?? undefined }))}
        />
      </Field>
      <Field label={t('info.email')} validationMessage={errors.email ? t(errors.email) : undefined}>
        <Input value={profile.email} maxLength={100} onChange={set('email')} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          {t('common.submit')}
        </Button>
        <Button
          onClick={() => {
            setProfile(loaded)
            setErrors({})
          }}
        >
          {t('common.reset')}
        </Button>
      </div>
    </form>
  )
}

/** One required password box of the change-password form. */
function PasswordField(props: {
  label: string
  error: string | undefined
  value: string
  autoComplete: 'current-password' | 'new-password'
  onChange: (value: string) => void
}) {
  const styles = useStyles()
  return (
    <Field label={props.label} required validationMessage={props.error} className={styles.full}>
      <Input
        type="password"
        value={props.value}
        maxLength={128}
        autoComplete={props.autoComplete}
        onChange={(_, d) => props.onChange(d.value)}
      />
    </Field>
  )
}

function PasswordTab() {
  const t = useT()
  const styles = useStyles()
  const [oldPassword, setOldPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [newPassword1, setNewPassword1] = useState('')
  const [errors, setErrors] = useState<{ o?: MessageKey; a?: MessageKey; b?: MessageKey }>({})
  const [busy, setBusy] = useState(false)

  const save = async () => {
    const found: { o?: MessageKey; a?: MessageKey; b?: MessageKey } = {}
    if (!oldPassword) found.o = 'info.oldPasswordRequired'
    if (!newPassword) found.a = 'info.newPasswordRequired'
    if (!newPassword1) found.b = 'info.newPassword1Required'
    else if (newPassword !== newPassword1) found.b = 'info.passwordMismatch'
    setErrors(found)
    if (found.o || found.a || found.b) return
    setBusy(true)
    try {
      await call(ownAccountApi.updatePassword, {
        // the server takes md5 hex, as sign-in does (spec: 原密码 is checked before the change)
        query: {
          oldPassword: md5(oldPassword),
          newPassword: md5(newPassword),
          newPassword1: md5(newPassword1),
        },
      })
      setOldPassword('')
      setNewPassword('')
      setNewPassword1('')
      notify.success(t('info.passwordChanged'))
    } catch {
      // shown already
    } finally {
      setBusy(false)
    }
  }

  return (
    // noValidate: the form shows its own messages (请输入原密码...), not the browser's
    <form
      noValidate
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <PasswordField
        label={t('info.oldPassword')}
        error={errors.o ? t(errors.o) : undefined}
        value={oldPassword}
        autoComplete="current-password"
        onChange={setOldPassword}
      />
      <PasswordField
        label={t('info.newPassword')}
        error={errors.a ? t(errors.a) : undefined}
        value={newPassword}
        autoComplete="new-password"
        onChange={setNewPassword}
      />
      <PasswordField
        label={t('info.newPassword1')}
        error={errors.b ? t(errors.b) : undefined}
        value={newPassword1}
        autoComplete="new-password"
        onChange={setNewPassword1}
      />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          {t('common.submit')}
        </Button>
      </div>
    </form>
  )
}

/** Personal info (/info/index): profile and password. */
export function InfoPage() {
  const t = useT()
  const styles = useStyles()
  const [tab, setTab] = useState<'profile' | 'password'>('profile')
  return (
    <Card className={styles.card}>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'profile' | 'password')}>
        <Tab value="profile">{t('info.profile')}</Tab>
        <Tab value="password">{t('info.password')}</Tab>
      </TabList>
      {tab === 'profile' ? <ProfileTab /> : <PasswordTab />}
    </Card>
  )
}

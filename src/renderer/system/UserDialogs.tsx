import { Button, Field, Input, Select, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useT } from '../i18n'
import type { Row } from '../resource/ResourceGrid'
import { useDict } from '../shell/dict'
import { notify } from '../shell/notify'
import { userActionsApi } from '../../shared/api/user'
import { call } from '../shell/request'
import { SaveDialog } from './SaveDialog'

/** 平台配置 and 扩展信息 of one user (a row of 用户管理). */

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  who: { color: tokens.colorNeutralForeground3 },
  pairs: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  pair: { display: 'grid', gridTemplateColumns: '180px 1fr auto', gap: tokens.spacingHorizontalS },
  head: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  empty: { color: tokens.colorNeutralForeground3, padding: `${tokens.spacingVerticalS} 0` },
  error: { color: tokens.colorPaletteRedForeground1 },
})

interface DialogProps {
  row: Row
  onClose: () => void
  onSaved: () => void
}

function UserLine({ row }: { row: Row }) {
  const s = useStyles()
  const t = useT()
  return (
    <Text className={s.who}>
      {t('system.user.account')}: {String(row.account)} · {String(row.realName ?? '')}
    </Text>
  )
}

/** Empty, or a JSON object. */
const isJsonObject = (text: string) => {
  if (!text.trim()) return true
  try {
    const v: unknown = JSON.parse(text)
    return !!v && typeof v === 'object' && !Array.isArray(v)
  } catch {
    return false
  }
}

/**
 * 平台配置: the user's extension for one platform (用户平台 WEB/APP/OTHER), read by `platform-detail`
 * and saved by `update-platform`.
 */
export function PlatformDialog({ row, onClose, onSaved }: DialogProps) {
  const s = useStyles()
  const t = useT()
  const platforms = useDict('user_type')
  const [userType, setUserType] = useState(String(row.userType ?? 1))
  const [userExt, setUserExt] = useState('')
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    setLoading(true)
    call(userActionsApi.platformDetail, { query: { id: String(row.id), userType } })
      .then((d) => live && setUserExt(String(d?.userExt ?? '')))
      .catch(() => live && setUserExt(''))
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
  }, [row.id, userType])
  const save = async () => {
    if (!isJsonObject(userExt)) return setError(t('system.user.userExtInvalid'))
    setError(null)
    await call(userActionsApi.updatePlatform, {
      body: { userId: String(row.id), userType, userExt: userExt.trim() },
    })
    notify.success(t('common.operationSuccess'))
    onSaved()
  }
  return (
    <SaveDialog title={t('system.user.platformTitle')} maxWidth={560} onSave={save} onClose={onClose}>
      <div className={s.form}>
        <UserLine row={row} />
        <Field label={t('system.user.userType')}>
          <Select value={userType} onChange={(_, d) => setUserType(d.value)}>
            {platforms.map((p) => (
              <option key={p.dictKey} value={p.dictKey}>
                {p.dictValue}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t('system.user.userExt')}
          hint={t('system.user.userExtHint')}
          validationMessage={error ?? undefined}
        >
          <Textarea
            value={userExt}
            disabled={loading}
            resize="vertical"
            rows={6}
            onChange={(_, d) => {
              setUserExt(d.value)
              setError(null)
            }}
          />
        </Field>
      </div>
    </SaveDialog>
  )
}

type Pair = { key: string; value: string }

/** 扩展信息: free-form name/value pairs of a user (`user-other`, saved by `saveUserOther`). */
export function OtherInfoDialog({ row, onClose, onSaved }: DialogProps) {
  const s = useStyles()
  const t = useT()
  const [pairs, setPairs] = useState<Pair[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    call(userActionsApi.userOther, { query: { userId: String(row.id) } })
      .then((info) => {
        if (!live) return
        const { userId: _u, ...rest } = info ?? {}
        setPairs(
          Object.entries(rest).map(([key, v]) => ({
            key,
            value: typeof v === 'string' ? v : JSON.stringify(v),
          })),
        )
      })
      .catch(() => live && setPairs([]))
    return () => {
      live = false
    }
  }, [row.id])
  const edit = (i: number, change: Partial<Pair>) => {
    setPairs((ps) => ps!.map((p, j) => (j === i ? { ...p, ...change } : p)))
    setError(null)
  }
  const save = async () => {
    const list = pairs ?? []
    const blank = list.findIndex((p) => !p.key.trim())
    if (blank >= 0) return setError(t('system.user.otherKeyMissing').replace('{n}', String(blank + 1)))
    const keys = list.map((p) => p.key.trim())
    const dup = keys.find((k, i) => keys.indexOf(k) !== i)
    if (dup) return setError(t('system.user.otherKeyDup').replace('{key}', dup))
    setError(null)
    await call(userActionsApi.saveUserOther, {
      body: { userId: String(row.id), ...Object.fromEntries(list.map((p) => [p.key.trim(), p.value])) },
    })
    notify.success(t('common.operationSuccess'))
    onSaved()
  }
  return (
    <SaveDialog title={t('system.user.otherTitle')} maxWidth={640} onSave={save} onClose={onClose}>
      <div className={s.form}>
        <UserLine row={row} />
        <div className={s.pairs}>
          {pairs?.length ? (
            <div className={`${s.pair} ${s.head}`}>
              <span>{t('system.user.otherKey')}</span>
              <span>{t('system.user.otherValue')}</span>
            </div>
          ) : null}
          {pairs && !pairs.length ? <Text className={s.empty}>{t('system.user.otherEmpty')}</Text> : null}
          {pairs?.map((p, i) => (
            <div key={i} className={s.pair}>
              <Input
                aria-label={`${t('system.user.otherKey')} ${i + 1}`}
                value={p.key}
                onChange={(_, d) => edit(i, { key: d.value })}
              />
              <Input
                aria-label={`${t('system.user.otherValue')} ${i + 1}`}
                value={p.value}
                onChange={(_, d) => edit(i, { value: d.value })}
              />
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={`${t('system.user.otherRemove')} ${i + 1}`}
                onClick={() => setPairs((ps) => ps!.filter((_, j) => j !== i))}
              />
            </div>
          ))}
        </div>
        <div>
          <Button
            icon={<AddRegular />}
            disabled={!pairs}
            onClick={() => setPairs((ps) => [...(ps ?? []), { key: '', value: '' }])}
          >
            {t('system.user.otherAdd')}
          </Button>
        </div>
        {error ? <Text className={s.error}>{error}</Text> : null}
      </div>
    </SaveDialog>
  )
}

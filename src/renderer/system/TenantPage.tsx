import { Field, Input } from '@fluentui/react-components'
import { SettingsRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { tenantResource } from '../../shared/resources/system/organisation'
import ResourcePage from '../resource/ResourcePage'
import type { Row } from '../resource/ResourceGrid'
import { useLang } from '../resource/shell-adapter'
import { notify } from '../shell/notify'
import { usePermission } from '../shell/permission'
import { request } from '../shell/request'
import { RowAction } from './RowAction'
import { SaveDialog } from './SaveDialog'

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/

/** 授权配置 of a tenant: account quota (-1 = unlimited) and expiry (`tenant/setting`). */
function TenantSettingDialog({
  row,
  onClose,
  onSaved,
}: {
  row: Row
  onClose: () => void
  onSaved: () => void
}) {
  const zh = useLang() === 'zh'
  const [accountNumber, setAccountNumber] = useState(String(row.accountNumber ?? -1))
  const [expireTime, setExpireTime] = useState(String(row.expireTime ?? ''))
  const [error, setError] = useState<string | null>(null)
  const save = async () => {
    if (!/^-?\d+$/.test(accountNumber.trim())) return setError(zh ? '账号额度必须是整数' : 'Whole number')
    if (expireTime && !DATETIME.test(expireTime.trim()))
      return setError(zh ? '过期时间格式应为 yyyy-MM-dd HH:mm:ss' : 'Use yyyy-MM-dd HH:mm:ss')
    setError(null)
    await request({
      method: 'POST',
      path: '/api/blade-system/tenant/setting',
      query: { ids: String(row.id), accountNumber: accountNumber.trim(), expireTime: expireTime.trim() },
    })
    notify.success(zh ? '配置成功' : 'Saved')
    onSaved()
  }
  return (
    <SaveDialog
      title={zh ? '租户授权配置' : 'Licence settings'}
      maxWidth={460}
      onSave={save}
      onClose={onClose}
    >
      <Field label={zh ? '账号额度' : 'Accounts'} hint={zh ? '-1 为不限制' : '-1 = unlimited'}>
        <Input value={accountNumber} onChange={(_, d) => setAccountNumber(d.value)} />
      </Field>
      <Field
        label={zh ? '过期时间' : 'Expires'}
        validationMessage={error ?? undefined}
        hint="yyyy-MM-dd HH:mm:ss"
      >
        <Input value={expireTime} onChange={(_, d) => setExpireTime(d.value)} />
      </Field>
    </SaveDialog>
  )
}

/** 租户管理 (/system/tenant): the list with 授权配置 on each row. */
export default function TenantPage() {
  const zh = useLang() === 'zh'
  const canSet = usePermission('tenant_setting')
  const [setting, setSetting] = useState<Row | null>(null)
  const [tick, setTick] = useState(0)
  return (
    <>
      <ResourcePage
        key={tick}
        def={tenantResource}
        rowExtra={
          canSet
            ? (row) => (
                <RowAction
                  icon={<SettingsRegular />}
                  label={zh ? '授权配置' : 'Licence'}
                  onClick={() => setSetting(row)}
                />
              )
            : undefined
        }
      />
      {setting ? (
        <TenantSettingDialog
          row={setting}
          onClose={() => setSetting(null)}
          onSaved={() => {
            setSetting(null)
            setTick((t) => t + 1)
          }}
        />
      ) : null}
    </>
  )
}

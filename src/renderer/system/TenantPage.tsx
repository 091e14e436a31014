import { Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { tenantResource } from '../../shared/resources/system/organisation'
import { useT } from '../i18n'
import ResourcePage from '../resource/ResourcePage'
import type { Row } from '../resource/ResourceGrid'
import { notify } from '../shell/notify'
import { usePermission } from '../shell/permission'
import { systemActionsApi, systemSelectApi } from '../../shared/api/system'
import { call } from '../shell/request'
import { RowMoreMenu } from './RowAction'
import { DateTimeInput } from '../components/DateInput'
import { SaveDialog } from './SaveDialog'

/** yyyy-MM-dd HH:mm[:ss] (the server's form) <-> the datetime-local input's yyyy-MM-ddTHH:mm[:ss]. */
const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  who: { color: tokens.colorNeutralForeground3 },
})

interface DialogProps {
  row: Row
  onClose: () => void
  onSaved: () => void
}

/** Which tenant a dialog configures: `000000 · 管理组`. */
function TenantLine({ row }: { row: Row }) {
  const s = useStyles()
  const t = useT()
  return (
    <Text className={s.who}>
      {t('system.tenant.tenant')}: {String(row.tenantId)} · {String(row.tenantName ?? '')}
    </Text>
  )
}

/** 授权配置 of a tenant: account quota (-1 = unlimited) and expiry (`tenant/setting`). */
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/

function TenantSettingDialog({ row, onClose, onSaved }: DialogProps) {
  const s = useStyles()
  const t = useT()
  const [accountNumber, setAccountNumber] = useState(String(row.accountNumber ?? -1))
  const [expireTime, setExpireTime] = useState(row.expireTime ? String(row.expireTime) : '')
  const [error, setError] = useState<{ field: 'account' | 'expire'; text: string } | null>(null)
  const save = async () => {
    if (!/^-?\d+$/.test(accountNumber.trim()))
      return setError({ field: 'account', text: t('system.tenant.accountInvalid') })
    const expires = expireTime
    if (expires && !DATETIME.test(expires))
      return setError({ field: 'expire', text: t('system.tenant.expireInvalid') })
    setError(null)
    await call(systemActionsApi.tenantSetting, {
      query: { ids: String(row.id), accountNumber: accountNumber.trim(), expireTime: expires },
    })
    notify.success(t('system.tenant.configured'))
    onSaved()
  }
  return (
    <SaveDialog title={t('system.tenant.settingTitle')} maxWidth={480} onSave={save} onClose={onClose}>
      <div className={s.form}>
        <TenantLine row={row} />
        <Field
          label={t('system.tenant.accountNumber')}
          hint={t('system.tenant.accountHint')}
          validationMessage={error?.field === 'account' ? error.text : undefined}
        >
          <Input
            value={accountNumber}
            onChange={(_, d) => {
              setAccountNumber(d.value)
              setError(null)
            }}
          />
        </Field>
        <Field
          label={t('system.tenant.expireTime')}
          hint={t('system.tenant.expireHint')}
          validationMessage={error?.field === 'expire' ? error.text : undefined}
        >
          <DateTimeInput
            aria-label={t('system.tenant.expireTime')}
            value={expireTime}
            onChange={(v) => {
              setExpireTime(v)
              setError(null)
            }}
          />
        </Field>
      </div>
    </SaveDialog>
  )
}

/** The catalogues a tenant picks one row of (their `select` lists). */
const datasources = () => call(systemSelectApi.datasourceSelect, { query: {} }).then(asRows)
const tenantPackages = () => call(systemSelectApi.tenantPackageSelect, { query: {} }).then(asRows)
/** Typed catalogue rows as the dialog's generic rows (it reads `id` and one label field). */
const asRows = (rows: object[]): Row[] => rows as Row[]

/**
 * Picks one row of a catalogue (data sources, packages) for a tenant, or none; `describe` adds a
 * line about the chosen row.
 */
function PickOneDialog({
  row,
  title,
  label,
  hint,
  catalogue,
  labelKey,
  current,
  describe,
  onSave,
  onClose,
}: {
  row: Row
  title: string
  label: string
  hint: string
  catalogue: () => Promise<Row[]>
  labelKey: string
  /** The chosen id, once known ('' = none). */
  current: Promise<string>
  describe?: (chosen: Row) => string
  onSave: (id: string) => Promise<void>
  onClose: () => void
}) {
  const s = useStyles()
  const t = useT()
  const [options, setOptions] = useState<Row[] | null>(null)
  const [chosen, setChosen] = useState('')
  useEffect(() => {
    let live = true
    void Promise.all([catalogue(), current])
      .then(([rows, id]) => {
        if (!live) return
        setOptions(rows)
        setChosen(id)
      })
      .catch(() => live && setOptions([]))
    return () => {
      live = false
    }
  }, [catalogue, current])
  const picked = options?.find((o) => String(o.id) === chosen)
  return (
    <SaveDialog title={title} maxWidth={480} onSave={() => onSave(chosen)} onClose={onClose}>
      <div className={s.form}>
        <TenantLine row={row} />
        <Field label={label} hint={picked && describe ? describe(picked) : hint}>
          <Select value={chosen} disabled={!options} onChange={(_, d) => setChosen(d.value)}>
            <option value="">{t('system.tenant.none')}</option>
            {options?.map((o) => (
              <option key={String(o.id)} value={String(o.id)}>
                {String(o[labelKey] ?? o.id)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </SaveDialog>
  )
}

/** 数据源配置: the tenant's database (`tenant/datasource`), from the data sources. */
function TenantDatasourceDialog({ row, onClose, onSaved }: DialogProps) {
  const t = useT()
  const [current] = useState(() => Promise.resolve(String(row.datasourceId ?? '')))
  return (
    <PickOneDialog
      row={row}
      title={t('system.tenant.datasourceTitle')}
      label={t('system.tenant.datasourceField')}
      hint={t('system.tenant.datasourceHint')}
      catalogue={datasources}
      labelKey="name"
      current={current}
      describe={(d) => String(d.url ?? '')}
      onClose={onClose}
      onSave={async (datasourceId) => {
        await call(systemActionsApi.tenantDatasource, {
          body: { tenantId: String(row.tenantId), datasourceId },
        })
        notify.success(t('system.tenant.configured'))
        onSaved()
      }}
    />
  )
}

/** 产品包配置: the menus the tenant may grant (`tenant/package-detail`, `tenant/package-setting`). */
function TenantPackageDialog({ row, onClose, onSaved }: DialogProps) {
  const t = useT()
  const [current] = useState(() =>
    call(systemActionsApi.tenantPackageDetail, { query: { tenantId: String(row.tenantId) } }).then((p) =>
      String(p?.id ?? ''),
    ),
  )
  return (
    <PickOneDialog
      row={row}
      title={t('system.tenant.packageTitle')}
      label={t('system.tenant.packageField')}
      hint={t('system.tenant.packageHint')}
      catalogue={tenantPackages}
      labelKey="packageName"
      current={current}
      describe={(p) =>
        t('system.tenant.packageMenus').replace(
          '{n}',
          String(
            String(p.menuId ?? '')
              .split(',')
              .filter(Boolean).length,
          ),
        )
      }
      onClose={onClose}
      onSave={async (packageId) => {
        await call(systemActionsApi.tenantPackageSetting, {
          body: { tenantId: String(row.tenantId), packageId },
        })
        notify.success(t('system.tenant.configured'))
        onSaved()
      }}
    />
  )
}

type Open = { kind: 'setting' | 'datasource' | 'package'; row: Row } | null

/** 租户管理 (/system/tenant): the list with 授权配置, 数据源配置 and 产品包配置 under each row's 更多. */
export default function TenantPage() {
  const t = useT()
  const canSet = usePermission('tenant_setting')
  const canDatasource = usePermission('tenant_datasource')
  const canPackage = usePermission('tenant_package')
  const [open, setOpen] = useState<Open>(null)
  const [tick, setTick] = useState(0)
  const close = () => setOpen(null)
  const saved = () => {
    setOpen(null)
    setTick((n) => n + 1)
  }
  return (
    <>
      <ResourcePage
        reloadSignal={tick}
        def={tenantResource}
        rowExtra={(row) => (
          <RowMoreMenu
            items={[
              canSet && {
                label: t('system.tenant.setting'),
                onClick: () => setOpen({ kind: 'setting', row }),
              },
              canDatasource && {
                label: t('system.tenant.datasource'),
                onClick: () => setOpen({ kind: 'datasource', row }),
              },
              canPackage &&
                String(row.tenantId) !== '000000' && {
                  label: t('system.tenant.package'),
                  onClick: () => setOpen({ kind: 'package', row }),
                },
            ]}
          />
        )}
      />
      {open?.kind === 'setting' ? (
        <TenantSettingDialog row={open.row} onClose={close} onSaved={saved} />
      ) : null}
      {open?.kind === 'datasource' ? (
        <TenantDatasourceDialog row={open.row} onClose={close} onSaved={saved} />
      ) : null}
      {open?.kind === 'package' ? (
        <TenantPackageDialog row={open.row} onClose={close} onSaved={saved} />
      ) : null}
    </>
  )
}

import { Field, Input } from '@fluentui/react-components'
import { CheckmarkCircleRegular, SendRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import type { ResourceDef } from '../../shared/resource/types'
import { ossResource } from '../../shared/resources/system/oss'
import { smsResource } from '../../shared/resources/system/sms'
import ResourcePage from '../resource/ResourcePage'
import type { Row } from '../resource/ResourceGrid'
import { useLang } from '../resource/shell-adapter'
import { confirm } from '../shell/confirm'
import { notify } from '../shell/notify'
import { usePermission } from '../shell/permission'
import { systemActionsApi } from '../../shared/api/system'
import { call, request } from '../shell/request'
import { RowAction } from './RowAction'
import { SaveDialog } from './SaveDialog'

/** 发送测试短信: phones and optional JSON params through the enabled configuration's provider. */
function SendTestDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const zh = useLang() === 'zh'
  const [phones, setPhones] = useState('')
  const [params, setParams] = useState('')
  const send = async () => {
    await call(systemActionsApi.smsSend, {
      query: { code, phones, params },
    })
    notify.success(zh ? '发送成功' : 'Sent')
    onClose()
  }
  return (
    <SaveDialog
      title={zh ? '发送测试短信' : 'Send a test message'}
      maxWidth={460}
      okLabel={zh ? '发送' : 'Send'}
      onSave={send}
      onClose={onClose}
    >
      <Field label={zh ? '手机号' : 'Phones'} required hint={zh ? '多个以逗号分隔' : 'Comma-separated'}>
        <Input value={phones} onChange={(_, d) => setPhones(d.value)} />
      </Field>
      <Field label={zh ? '短信参数' : 'Params'} hint='{"code":"1234"}'>
        <Input value={params} onChange={(_, d) => setParams(d.value)} />
      </Field>
    </SaveDialog>
  )
}

/** OSS and SMS configurations: the list with 启用 (one enabled per tenant) and, for SMS, 发送测试. */
function ConfigScreen({ def, sms }: { def: ResourceDef; sms: boolean }) {
  const zh = useLang() === 'zh'
  const canEnable = usePermission(`${def.permission}_enable`)
  const canSend = usePermission('sms_send')
  const [tick, setTick] = useState(0)
  const [sending, setSending] = useState<string | null>(null)
  const enable = async (row: Row) => {
    if (!(await confirm(zh ? '是否确定启用这条配置?' : 'Enable this configuration?', zh ? '提示' : 'Notice')))
      return
    try {
      await request({ method: 'POST', path: `${def.basePath}/enable`, query: { id: String(row.id) } })
    } catch {
      return
    }
    notify.success(zh ? '操作成功' : 'Done')
    setTick((t) => t + 1)
  }
  return (
    <>
      <ResourcePage
        key={tick}
        def={def}
        rowExtra={(row) => (
          <>
            {canEnable ? (
              <RowAction
                icon={<CheckmarkCircleRegular />}
                label={zh ? '启用' : 'Enable'}
                onClick={() => void enable(row)}
              />
            ) : null}
            {sms && canSend ? (
              <RowAction
                icon={<SendRegular />}
                label={zh ? '发送测试' : 'Send test'}
                onClick={() => setSending(String(row.smsCode ?? ''))}
              />
            ) : null}
          </>
        )}
      />
      {sending !== null ? <SendTestDialog code={sending} onClose={() => setSending(null)} /> : null}
    </>
  )
}

export const OssPage = () => <ConfigScreen def={ossResource} sms={false} />
export const SmsPage = () => <ConfigScreen def={smsResource} sms />

import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { experimentApi, type WindowState } from '../../shared/api/experiment'
import { experimentProjectParamsResource } from '../../shared/resources/experiment/params'
import { formFromRow, formFields } from '../resource/fields'
import { notify, useLang, usePermissions } from '../resource/shell-adapter'
import { FieldsGrid, fieldErrors } from '../safety/FormShell'
import { call } from '../shell/request'

type Row = Record<string, unknown>
const FIELDS = formFields(experimentProjectParamsResource)

/** 预约参数: one form (the tenant's parameters or their defaults) and the booking window's state. */
export default function ParamsPage() {
  const lang = useLang()
  const can = usePermissions()
  const [values, setValues] = useState<Row | null>(null)
  const [id, setId] = useState<string>('')
  const [window, setWindow] = useState<WindowState | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [signal, setSignal] = useState(0)
  useEffect(() => {
    call(experimentApi.params.detail)
      .then((d) => {
        setValues(formFromRow(experimentProjectParamsResource, d as unknown as Row))
        setId(String(d.id ?? ''))
        setWindow(d.window)
      })
      .catch(() => undefined)
  }, [signal])
  const editable = can('experiment_projectparams_edit')
  const save = async () => {
    if (!values) return
    const found = fieldErrors(FIELDS, values)
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      await call(experimentApi.params.submit, { body: { ...values, ...(id ? { id } : {}) } })
      notify.success('预约参数已保存')
      setSignal((n) => n + 1)
    } catch {
      // the call showed the server's message
    } finally {
      setBusy(false)
    }
  }
  if (!values) return <Spinner size="small" />
  return (
    <section style={{ padding: '8px 16px', overflowY: 'auto', maxWidth: 960 }} aria-label="预约参数">
      {window ? (
        <MessageBar intent={window.open ? 'success' : 'info'} style={{ marginBottom: 12 }}>
          <MessageBarBody>
            {window.open ? `预约进行中（${window.start ?? ''} 至 ${window.end ?? ''}）` : window.msg}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <FieldsGrid
        fields={FIELDS}
        values={values}
        errors={errors}
        lang={lang}
        readOnly={!editable}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      />
      {editable ? (
        <Button appearance="primary" style={{ marginTop: 12 }} disabled={busy} onClick={() => void save()}>
          保存
        </Button>
      ) : null}
    </section>
  )
}

import { Button, Field, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { useT } from '../../i18n'
import { notify } from '../../shell/notify'
import { leaveApi, leaveDays, type LeaveRecord } from './leaveApi'
import { DateTimeInput } from '../../components/DateInput'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px' },
  row: { display: 'flex', gap: tokens.spacingHorizontalM },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
})

type Errors = Partial<Record<'startTime' | 'endTime' | 'reason', string>>

/** The leave application: a new one, or the applicant's edit of one returned to them (re-submit). */
export function LeaveForm(props: {
  processDefinitionId?: string
  record?: LeaveRecord
  onDone: (result: { businessId: string; processInstanceId: string }) => void
  onCancel: () => void
}) {
  const s = useStyles()
  const t = useT()
  const [startTime, setStart] = useState(props.record?.startTime ?? '')
  const [endTime, setEnd] = useState(props.record?.endTime ?? '')
  const [reason, setReason] = useState(props.record?.reason ?? '')
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const days = leaveDays(startTime, endTime)

  const validate = (): Errors => {
    const e: Errors = {}
    if (!startTime) e.startTime = t('flow.leave.startRequired')
    if (!endTime) e.endTime = t('flow.leave.endRequired')
    else if (startTime && endTime <= startTime) e.endTime = t('flow.leave.endAfterStart')
    if (!reason.trim()) e.reason = t('flow.leave.reasonRequired')
    return e
  }
  const submit = async () => {
    const e = validate()
    setErrors(e)
    if (Object.keys(e).length) return
    setBusy(true)
    try {
      const result = await leaveApi.start({
        id: props.record?.id,
        processDefinitionId: props.processDefinitionId,
        startTime,
        endTime,
        reason: reason.trim(),
      })
      notify.success(props.record ? t('flow.leave.resubmitted') : t('flow.leave.submitted'))
      props.onDone(result)
    } catch {
      // shown by the request helper
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      className={s.form}
      aria-label={t('flow.leave.apply')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <div className={s.row}>
        <Field label={t('flow.leave.startTime')} required validationMessage={errors.startTime}>
          <DateTimeInput aria-label={t('flow.leave.startTime')} value={startTime} onChange={setStart} />
        </Field>
        <Field label={t('flow.leave.endTime')} required validationMessage={errors.endTime}>
          <DateTimeInput aria-label={t('flow.leave.endTime')} value={endTime} onChange={setEnd} />
        </Field>
        <Field label={t('flow.leave.days')}>
          <Input readOnly value={days === null ? '' : String(days)} contentAfter={t('flow.leave.dayUnit')} />
        </Field>
      </div>
      <Field label={t('flow.leave.reason')} required validationMessage={errors.reason}>
        <Textarea value={reason} maxLength={500} onChange={(_, d) => setReason(d.value)} resize="vertical" />
      </Field>
      <div className={s.buttons}>
        <Button appearance="primary" type="submit" disabled={busy}>
          {props.record ? t('flow.leave.resubmit') : t('flow.leave.submit')}
        </Button>
        <Button onClick={props.onCancel}>{t('flow.back')}</Button>
      </div>
    </form>
  )
}

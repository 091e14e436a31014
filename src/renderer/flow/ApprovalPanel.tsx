import { Button, Field, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useT } from '../i18n'
import { notify } from '../shell/notify'
import { flowApi } from './api'
import { useLeavePage } from './useLeavePage'

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '640px' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
})

/** 审批意见 with 同意 / 驳回 (a comment is required to reject) → complete-task, then back to 待办. */
export function ApprovalPanel({ taskId, processInstanceId }: { taskId: string; processInstanceId: string }) {
  const s = useStyles()
  const t = useT()
  const navigate = useNavigate()
  const leave = useLeavePage()
  const [comment, setComment] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (pass: boolean) => {
    if (!pass && !comment.trim()) {
      setError(t('flow.rejectNeedsComment'))
      return
    }
    setError('')
    setBusy(true)
    try {
      await flowApi.complete({
        taskId,
        processInstanceId,
        pass,
        comment: comment.trim() || (pass ? '同意' : ''),
      })
      notify.success(pass ? t('flow.approved') : t('flow.rejected'))
      leave('/work/todo')
    } catch {
      // the request helper showed the server's message
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={s.panel}>
      <Field label={t('flow.comment')} validationMessage={error || undefined}>
        <Textarea
          value={comment}
          maxLength={1000}
          onChange={(_, d) => {
            setComment(d.value)
            if (d.value.trim()) setError('')
          }}
          resize="vertical"
        />
      </Field>
      <div className={s.buttons}>
        <Button appearance="primary" disabled={busy} onClick={() => submit(true)}>
          {t('flow.approve')}
        </Button>
        <Button disabled={busy} onClick={() => submit(false)}>
          {t('flow.reject')}
        </Button>
        <Button appearance="subtle" onClick={() => navigate(-1)}>
          {t('flow.back')}
        </Button>
      </div>
    </div>
  )
}

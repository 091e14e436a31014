import { Button, Field, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
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
  const navigate = useNavigate()
  const leave = useLeavePage()
  const [comment, setComment] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (pass: boolean) => {
    if (!pass && !comment.trim()) {
      setError('驳回时请填写审批意见')
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
      notify.success(pass ? '审批通过' : '已驳回')
      leave('/work/todo')
    } catch {
      // the request helper showed the server's message
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={s.panel}>
      <Field label="审批意见" validationMessage={error || undefined}>
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
          同意
        </Button>
        <Button disabled={busy} onClick={() => submit(false)}>
          驳回
        </Button>
        <Button appearance="subtle" onClick={() => navigate(-1)}>
          返回
        </Button>
      </div>
    </div>
  )
}

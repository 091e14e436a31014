import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Textarea,
} from '@fluentui/react-components'
import { useState } from 'react'
import { sjApi } from '../../shared/api/report'
import { REPORT_TABLES, type TableCode } from '../../shared/resources/report/tables'
import { notify } from '../shell/notify'
import { call } from '../shell/request'

/** 提交: the server checks the scope first (errors refuse it with their count), then starts the audit. */
export function SubmitDialog({
  table,
  scope,
  onClose,
  onSubmitted,
}: {
  table: TableCode
  scope: { taskSerialNum?: string; collegeSerialNum?: string }
  onClose: () => void
  onSubmitted: () => void
}) {
  const [remark, setRemark] = useState('')
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    setBusy(true)
    try {
      const r = await call(sjApi[table].submit, { body: { ...scope, ...(remark ? { remark } : {}) } })
      notify.success(r.resubmitted ? '已重新提交审核' : '已提交审核')
      onSubmitted()
    } catch {
      // refused (e.g. 校验未通过：错误N条，请修正后再提交): the toast says why
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>提交{REPORT_TABLES[table].short}审核</DialogTitle>
          <DialogContent>
            <p>提交前将自动校验，有错误时不能提交；提交后数据锁定，审核退回后可修改。</p>
            <Field label="填报说明">
              <Textarea value={remark} maxLength={2000} onChange={(_, d) => setRemark(d.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={() => void submit()}>
              确认提交
            </Button>
            <Button disabled={busy} onClick={onClose}>
              取消
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { useMemo, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { repairsApi } from '../../shared/api/repairs'
import { REPAIR_STATUS, repairsResource } from '../../shared/resources/repairs/repairs'
import type { ResourceDef } from '../../shared/resource/types'
import { ProcessLayout } from '../flow/ProcessLayout'
import { useLeavePage } from '../flow/useLeavePage'
import { useText } from '../i18n'
import { FormDialog, type FormMode } from '../resource/FormDialog'
import type { Row } from '../resource/ResourceGrid'
import ResourcePage from '../resource/ResourcePage'
import { confirm, notify, useLang, usePermissions } from '../resource/shell-adapter'
import { sayer } from '../resource/strings'
import { call } from '../shell/request'
import { EquipmentPicker } from './EquipmentPicker'
import { RepairView } from './RepairView'
import { DONE_MESSAGE, T } from './texts'

const EDITABLE: number[] = [REPAIR_STATUS.draft, REPAIR_STATUS.returned]

/** A request in a dialog: its view, and the caller's step when `handle`. */
function RepairDialog({ id, handle, onClose }: { id: string; handle?: boolean; onClose: () => void }) {
  const text = useText()
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ width: 960, maxWidth: 'calc(100vw - 48px)' }}>
        <DialogBody>
          <DialogTitle>{text(handle ? T.handle : T.detail)}</DialogTitle>
          <DialogContent style={{ maxHeight: 'calc(100vh - 200px)', overflowY: 'auto' }}>
            <RepairView id={id} handle={handle} onDone={handle ? onClose : undefined} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{text(T.close)}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/**
 * 设备报修: the caller's own requests. 新增/修改 with a device picker searching the register (a draft,
 * or a request sent back), 提交报修, 撤销 a returned one, 删除 drafts and withdrawn ones, 详情.
 */
export function RepairApplyPage() {
  const text = useText()
  const lang = useLang()
  const can = usePermissions()
  const [form, setForm] = useState<{ mode: FormMode; row?: Row } | null>(null)
  const [viewing, setViewing] = useState<string | null>(null)
  const [signal, setSignal] = useState(0)
  const reload = () => setSignal((n) => n + 1)
  const mine = useMemo(() => ({ mine: '1' }), [])

  const flow = async (row: Row, body: { pass?: boolean }, question: { zh: string; en: string }) => {
    if (!(await confirm(text(question), text({ zh: '提示', en: 'Confirm' })))) return
    try {
      const answer = await call(repairsApi.sumbitTask, { body: { id: String(row.id), ...body } })
      notify.success(DONE_MESSAGE[answer.repairStatus] ?? '操作成功')
      reload()
    } catch {
      // toasted
    }
  }
  const label = form?.row
    ? `${String(form.row.equipmentNo ?? '')} ${String(form.row.equipmentName ?? '')}`
    : ''
  return (
    <>
      <ResourcePage
        def={repairsResource}
        listPath={repairsApi.repList.path}
        fixedQuery={mine}
        reloadSignal={signal}
        onAdd={() => setForm({ mode: 'add' })}
        onEdit={(row) =>
          EDITABLE.includes(Number(row.repairStatus))
            ? setForm({ mode: 'edit', row })
            : notify.warning(text(T.notEditable))
        }
        onView={(row) => setViewing(String(row.id))}
        rowExtra={(row) => {
          const status = Number(row.repairStatus)
          return can('repairs_apply_submit') ? (
            <>
              {EDITABLE.includes(status) ? (
                <Button
                  size="small"
                  appearance="transparent"
                  onClick={() => void flow(row, {}, T.confirmSubmit)}
                >
                  {text(T.submit)}
                </Button>
              ) : null}
              {status === REPAIR_STATUS.returned ? (
                <Button
                  size="small"
                  appearance="transparent"
                  onClick={() => void flow(row, { pass: false }, T.confirmCancel)}
                >
                  {text(T.cancel)}
                </Button>
              ) : null}
            </>
          ) : null
        }}
      />
      {form ? (
        <FormDialog
          def={repairsResource}
          lang={lang}
          mode={form.mode}
          row={form.row}
          controls={{
            equipmentId: (p) => <EquipmentPicker {...p} initialLabel={label.trim() || undefined} />,
          }}
          onClose={() => setForm(null)}
          onSaved={(mode) => {
            notify.success(sayer(lang)(mode === 'add' ? 'added' : 'updated'))
            setForm(null)
            reload()
          }}
        />
      ) : null}
      {viewing ? <RepairDialog id={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  )
}

/** 维修管理's view of the requests: every request of the data scope, no add/edit/delete, 导出 exportList. */
const manageDef: ResourceDef = {
  ...repairsResource,
  label: { zh: '维修管理', en: 'Repair handling' },
  permission: 'repairs_manage',
  actions: { add: false, edit: false, delete: false },
  exportPath: repairsApi.exportList.path,
}

/**
 * 维修管理: all requests with their open step; 办理 (受理派工 naming the technician, 维修处理 with the
 * 维修记录 and the result, or 退回) where the step is the caller's, 查看, 导出.
 */
export function RepairManagePage() {
  const text = useText()
  const can = usePermissions()
  const [open, setOpen] = useState<{ id: string; handle: boolean } | null>(null)
  const [signal, setSignal] = useState(0)
  return (
    <>
      <ResourcePage
        def={manageDef}
        listPath={repairsApi.repList.path}
        reloadSignal={signal}
        onView={(row) => setOpen({ id: String(row.id), handle: false })}
        rowExtra={(row) => {
          const task = row.task as { mine?: boolean; name?: string } | null
          return task?.mine && can('repairs_manage_handle') ? (
            <Button
              size="small"
              appearance="transparent"
              onClick={() => setOpen({ id: String(row.id), handle: true })}
            >
              {`${text(T.handle)}（${task.name ?? ''}）`}
            </Button>
          ) : null
        }}
      />
      {open ? (
        <RepairDialog
          id={open.id}
          handle={open.handle}
          onClose={() => {
            setOpen(null)
            setSignal((n) => n + 1)
          }}
        />
      ) : null}
    </>
  )
}

/** 报修详情 (`/repairs/repDetail/:repairsId`). */
export function RepairDetailPage() {
  const { repairsId = '' } = useParams()
  return (
    <ProcessLayout>
      <RepairView id={repairsId} />
    </ProcessLayout>
  )
}

/** deviceRepairs 办理 from 待办事务: the request and the step named by the route. */
export function RepairHandlePage() {
  const { businessId = '' } = useParams()
  const leave = useLeavePage()
  return (
    <ProcessLayout>
      <RepairView id={businessId} handle onDone={() => leave('/work/todo')} />
    </ProcessLayout>
  )
}

/** deviceRepairs 详情 from 已办 / 我的事务. */
export function RepairProcessDetailPage() {
  const { businessId = '' } = useParams()
  const navigate = useNavigate()
  const text = useText()
  return (
    <ProcessLayout>
      <RepairView id={businessId} />
      <div>
        <Button onClick={() => navigate(-1)}>{text(T.back)}</Button>
      </div>
    </ProcessLayout>
  )
}

import {
  Button,
  Dropdown,
  Field,
  Option,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import { repairsApi, type RepairDetail } from '../../shared/api/repairs'
import {
  REPAIR_DICTS,
  REPAIR_STATUS,
  repairRecordResource,
  repairsResource,
} from '../../shared/resources/repairs/repairs'
import { HistoryTimeline } from '../flow/HistoryTimeline'
import { Facts, ProcessCard } from '../flow/ProcessLayout'
import { useText } from '../i18n'
import { FieldValue } from '../resource/FieldControl'
import { FormDialog } from '../resource/FormDialog'
import { confirm, notify, useDict, useLang, usePermissions } from '../resource/shell-adapter'
import { textOf } from '../resource/fields'
import { call, quietCall } from '../shell/request'
import { DONE_MESSAGE, T } from './texts'

/** The 流程 steps of deviceRepairs (src/server/repairs/status.ts). */
export const STEPS = {
  accept: 'repair_audit',
  repair: 'repair_handle',
  reporter: 'applicant_modify',
} as const

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px' },
})

const SHOWN = [
  'repairNo',
  'equipmentNo',
  'equipmentName',
  'location',
  'faultType',
  'urgency',
  'faultDesc',
  'reporterName',
  'reporterPhone',
  'reportTime',
  'repairStatus',
  'repairerName',
  'acceptTime',
  'finishTime',
  'repairResult',
  'totalCost',
]

/** The request's fields as read-only facts (dictionary values as tags). */
function RequestFacts({ detail }: { detail: RepairDetail }) {
  const lang = useLang()
  const row = detail as unknown as Record<string, unknown>
  const fields = repairsResource.fields.filter((f) => SHOWN.includes(f.name))
  return (
    <Facts
      rows={fields.map((f) => [
        textOf(f.label, lang),
        <FieldValue key={f.name} field={f} value={row[f.name]} lang={lang} />,
      ])}
    />
  )
}

/** 维修记录 of a request; while it is being repaired the office or its technician adds and removes them. */
function Records({ detail, onChanged }: { detail: RepairDetail; onChanged: () => void }) {
  const text = useText()
  const lang = useLang()
  const can = usePermissions()
  const [adding, setAdding] = useState(false)
  const editable = detail.repairStatus === REPAIR_STATUS.repairing
  const columns = repairRecordResource.fields.filter((f) => f.name !== 'repairsId')
  const remove = async (id: string) => {
    if (!(await confirm('确定删除该维修记录？', '提示'))) return
    try {
      await call(repairsApi.delRep, { query: { ids: id } })
      notify.success('删除成功')
      onChanged()
    } catch {
      // toasted
    }
  }
  return (
    <>
      {editable && can('repairs_manage_record') ? (
        <div>
          <Button appearance="primary" onClick={() => setAdding(true)}>
            {text(T.addRecord)}
          </Button>
        </div>
      ) : null}
      {detail.records.length ? (
        <Table size="small" aria-label={text(T.records)}>
          <TableHeader>
            <TableRow>
              {columns.map((f) => (
                <TableHeaderCell key={f.name}>{textOf(f.label, lang)}</TableHeaderCell>
              ))}
              {editable && can('repairs_manage_deleterecord') ? <TableHeaderCell /> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {detail.records.map((r) => (
              <TableRow key={r.id}>
                {columns.map((f) => (
                  <TableCell key={f.name}>
                    <FieldValue
                      field={f}
                      value={(r as unknown as Record<string, unknown>)[f.name]}
                      lang={lang}
                    />
                  </TableCell>
                ))}
                {editable && can('repairs_manage_deleterecord') ? (
                  <TableCell>
                    <Button size="small" appearance="transparent" onClick={() => void remove(r.id)}>
                      {text(T.deleteRecord)}
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <span>{text(T.noRecords)}</span>
      )}
      {adding ? (
        <FormDialog
          def={repairRecordResource}
          lang={lang}
          mode="add"
          preset={{
            repairerName: detail.repairerName ?? '',
            repairDate: new Date().toISOString().slice(0, 10),
          }}
          extraBody={{ repairsId: detail.id }}
          saveTo={repairsApi.saveRep.path}
          onClose={() => setAdding(false)}
          onSaved={() => {
            notify.success('维修记录已保存')
            setAdding(false)
            onChanged()
          }}
        />
      ) : null}
    </>
  )
}

/** The caller's step of the request: 受理派工, 维修处理, or the reporter's 重新提交 / 撤销. */
function HandleStep({ detail, onDone }: { detail: RepairDetail; onDone: () => void }) {
  const s = useStyles()
  const text = useText()
  const results = useDict(REPAIR_DICTS.result)
  const [repairers, setRepairers] = useState<{ id: string; name: string; account: string }[]>([])
  const [repairerId, setRepairerId] = useState('')
  const [result, setResult] = useState('1')
  const [comment, setComment] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const task = detail.task
  const key = task?.taskDefinitionKey
  useEffect(() => {
    if (key !== STEPS.accept) return
    void quietCall(repairsApi.repairerSelect)
      .then(setRepairers)
      .catch(() => setRepairers([]))
  }, [key])
  if (!task?.mine) return <span>{text(T.notYours)}</span>

  const act = async (body: Record<string, unknown>) => {
    setBusy(true)
    try {
      const answer = await call(repairsApi.sumbitTask, { body: { id: detail.id, ...body } as never })
      notify.success(DONE_MESSAGE[answer.repairStatus] ?? '操作成功')
      onDone()
    } catch {
      // toasted; the step stays open
    } finally {
      setBusy(false)
    }
  }
  const sendBack = () => {
    if (!comment.trim()) {
      setError(text(T.needComment))
      return
    }
    void act({ taskId: task.taskId, pass: false, comment: comment.trim() })
  }
  if (key === STEPS.reporter)
    return (
      <div className={s.bar}>
        <Button appearance="primary" disabled={busy} onClick={() => void act({})}>
          {text(T.resubmit)}
        </Button>
        <Button disabled={busy} onClick={() => void act({ pass: false })}>
          {text(T.cancel)}
        </Button>
      </div>
    )
  return (
    <div className={s.form}>
      <Field label={`${text(T.step)}: ${task.name}`}>{null}</Field>
      {key === STEPS.accept ? (
        <Field label={text(T.repairer)} required>
          <Dropdown
            aria-label={text(T.repairer)}
            placeholder={text(T.pickRepairer)}
            value={repairers.find((r) => r.id === repairerId)?.name ?? ''}
            selectedOptions={repairerId ? [repairerId] : []}
            onOptionSelect={(_, d) => setRepairerId(d.optionValue ?? '')}
          >
            {repairers.map((r) => (
              <Option key={r.id} value={r.id} text={r.name}>
                {`${r.name}（${r.account}）`}
              </Option>
            ))}
          </Dropdown>
        </Field>
      ) : null}
      {key === STEPS.repair ? (
        <Field label={text(T.result)} required>
          <Dropdown
            aria-label={text(T.result)}
            value={results.find((r) => r.dictKey === result)?.dictValue ?? ''}
            selectedOptions={[result]}
            onOptionSelect={(_, d) => setResult(d.optionValue ?? '1')}
          >
            {results.map((r) => (
              <Option key={r.dictKey} value={r.dictKey}>
                {r.dictValue}
              </Option>
            ))}
          </Dropdown>
        </Field>
      ) : null}
      <Field label={text(T.comment)} validationMessage={error || undefined}>
        <Textarea
          aria-label={text(T.comment)}
          value={comment}
          maxLength={1000}
          onChange={(_, d) => {
            setComment(d.value)
            if (d.value.trim()) setError('')
          }}
        />
      </Field>
      <div className={s.bar}>
        <Button
          appearance="primary"
          disabled={busy}
          onClick={() =>
            void act({
              taskId: task.taskId,
              pass: true,
              comment: comment.trim() || undefined,
              ...(key === STEPS.accept ? { repairerId: repairerId || undefined } : {}),
              ...(key === STEPS.repair ? { repairResult: Number(result) } : {}),
            })
          }
        >
          {text(key === STEPS.accept ? T.accept : T.finish)}
        </Button>
        <Button disabled={busy} onClick={sendBack}>
          {text(T.sendBack)}
        </Button>
      </div>
    </div>
  )
}

/**
 * One request: its facts, 维修记录, the caller's open step (when `handle`) and the process history.
 * Used by the lists' dialogs, 报修详情 and the deviceRepairs 办理 / 详情 pages.
 */
export function RepairView({ id, handle, onDone }: { id: string; handle?: boolean; onDone?: () => void }) {
  const s = useStyles()
  const text = useText()
  const [detail, setDetail] = useState<RepairDetail | null>(null)
  const [version, setVersion] = useState(0)
  const load = useCallback(() => {
    void quietCall(repairsApi.detail, { query: { id } })
      .then((d) => {
        setDetail(d)
        setVersion((v) => v + 1)
      })
      .catch((e: unknown) =>
        notify.error(e && typeof e === 'object' && 'message' in e ? String(e.message) : String(e)),
      )
  }, [id])
  useEffect(load, [load])
  if (!detail) return <Spinner size="small" />
  return (
    <div className={s.stack}>
      <ProcessCard title={text(T.request)}>
        <RequestFacts detail={detail} />
      </ProcessCard>
      <ProcessCard title={text(T.records)}>
        <Records detail={detail} onChanged={load} />
      </ProcessCard>
      {handle && detail.task ? (
        <ProcessCard title={text(T.handle)}>
          <HandleStep
            detail={detail}
            onDone={() => {
              load()
              onDone?.()
            }}
          />
        </ProcessCard>
      ) : null}
      {detail.processInstanceId ? (
        <ProcessCard title={text(T.history)}>
          <HistoryTimeline processInstanceId={detail.processInstanceId} version={version} />
        </ProcessCard>
      ) : null}
    </div>
  )
}

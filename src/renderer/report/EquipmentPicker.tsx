import {
  Badge,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { sj1Api, type PickableEquipment } from '../../shared/api/report'
import type { Page } from '../../shared/api/envelope'
import { REPORT_EQUIP_STATUS } from '../../shared/resources/report/codes'
import { DateInput } from '../components/DateInput'
import { useLanguage } from '../i18n'
import { Pager } from '../resource/Pager'
import { notify } from '../shell/notify'
import { call } from '../shell/request'

const useStyles = makeStyles({
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-end',
    marginBottom: tokens.spacingVerticalS,
  },
  short: { width: '110px' },
  keyword: { width: '150px' },
  date: {
    width: '150px',
    '& .fui-Input': { width: '100%', minWidth: 0 },
  },
  grid: {
    maxHeight: '360px',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  check: { width: '44px' },
  picked: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    marginTop: tokens.spacingVerticalS,
  },
  empty: { padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground3, textAlign: 'center' },
})

interface Filters {
  classCode: string
  keyword: string
  purchaseDateFrom: string
  purchaseDateTo: string
  units: 'college' | 'all'
}

const NO_FILTERS: Filters = {
  classCode: '',
  keyword: '',
  purchaseDateFrom: '',
  purchaseDateTo: '',
  units: 'college',
}

const statusName = (code: string | null) => REPORT_EQUIP_STATUS.items.find(([k]) => k === code)?.[1] ?? ''

/** 单价 with two decimals (the register keeps four). */
const yuan = (v: string | null) => (v === null || v === '' ? '' : Number(v).toFixed(2))

/** Only the filters that are set (the server reads an absent one as "any"). */
const queryOf = (f: Filters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''))

/**
 * 导入设备 (SJ1): the equipment register within the caller's reach — by default the units under the
 * scope's college — filtered by 分类号, 名称或编号, 购置日期 and 院系, paged. Items already in the task
 * (by 仪器编号) are marked 已导入 and cannot be picked; 全选匹配项 picks every other matching item (at
 * most 5,000). 导入 adds the picked items as SJ1 rows; the server skips what is outside SJ1 or already
 * in the task and says so.
 */
export function EquipmentPicker({
  scope,
  onClose,
  onImported,
}: {
  scope: { taskSerialNum?: string; collegeSerialNum?: string }
  onClose: () => void
  onImported: () => void
}) {
  const s = useStyles()
  const lang = useLanguage((x) => x.language)
  const [draft, setDraft] = useState<Filters>(NO_FILTERS)
  const [applied, setApplied] = useState<Filters>(NO_FILTERS)
  const [paging, setPaging] = useState({ current: 1, size: 10 })
  const [page, setPage] = useState<Page<PickableEquipment> | null>(null)
  const [picked, setPicked] = useState<Set<string>>(new Set())
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    call(sj1Api.equipmentPage, { query: { ...scope, ...queryOf(applied), ...paging } })
      .then((p) => live && setPage(p))
      .catch(() => live && setPage({ records: [], total: 0, size: paging.size, current: 1, pages: 0 }))
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied, paging, scope.taskSerialNum, scope.collegeSerialNum])

  const search = () => {
    if (draft.purchaseDateFrom && draft.purchaseDateTo && draft.purchaseDateFrom > draft.purchaseDateTo) {
      notify.warning('购置日期起不能晚于购置日期止')
      return
    }
    setApplied(draft)
    setPaging((p) => ({ ...p, current: 1 }))
  }
  const reset = () => {
    setDraft(NO_FILTERS)
    setApplied(NO_FILTERS)
    setPaging((p) => ({ ...p, current: 1 }))
  }

  const pickable = (page?.records ?? []).filter((r) => !r.imported)
  const pageState = !pickable.length
    ? false
    : pickable.every((r) => picked.has(r.id))
      ? true
      : pickable.some((r) => picked.has(r.id))
        ? 'mixed'
        : false

  const toggle = (ids: string[], on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev)
      for (const id of ids)
        if (on) next.add(id)
        else next.delete(id)
      return next
    })

  async function pickAllMatching() {
    setBusy(true)
    try {
      const { ids, total } = await call(sj1Api.equipmentIds, { query: { ...scope, ...queryOf(applied) } })
      if (!ids.length) notify.info(total ? '符合条件的设备都已导入本任务' : '没有符合条件的设备')
      toggle(ids, true)
    } catch {
      // the refusal (e.g. more than 5,000 matches) was shown
    } finally {
      setBusy(false)
    }
  }

  async function importPicked() {
    if (!picked.size) {
      notify.warning('请选择要导入的设备')
      return
    }
    setBusy(true)
    try {
      const result = await call(sj1Api.saveImportEquipment, { body: { ...scope, equipments: [...picked] } })
      notify.success(
        `导入${result.added}台设备${result.skipped.length ? `，跳过${result.skipped.length}台` : ''}`,
        result.skipped.length ? `跳过：${result.skipped.join('、')}` : undefined,
      )
      onImported()
    } catch {
      // the server's message was shown; the selection stays for another try
    } finally {
      setBusy(false)
    }
  }

  const set = (patch: Partial<Filters>) => setDraft((d) => ({ ...d, ...patch }))

  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface style={{ width: 1080, maxWidth: 'calc(100vw - 48px)' }}>
        <DialogBody>
          <DialogTitle>导入设备</DialogTitle>
          <DialogContent>
            <div className={s.filters} role="search" aria-label="设备筛选">
              <Field label="分类号">
                <Input
                  className={s.short}
                  value={draft.classCode}
                  placeholder="如 0304"
                  onChange={(_, d) => set({ classCode: d.value.replace(/\D/g, '').slice(0, 8) })}
                  onKeyDown={(e) => e.key === 'Enter' && search()}
                />
              </Field>
              <Field label="仪器名称或编号">
                <Input
                  className={s.keyword}
                  value={draft.keyword}
                  maxLength={50}
                  onChange={(_, d) => set({ keyword: d.value })}
                  onKeyDown={(e) => e.key === 'Enter' && search()}
                />
              </Field>
              <Field label="购置日期起" className={s.date}>
                <DateInput
                  aria-label="购置日期起"
                  value={draft.purchaseDateFrom}
                  onChange={(v) => set({ purchaseDateFrom: v })}
                />
              </Field>
              <Field label="购置日期止" className={s.date}>
                <DateInput
                  aria-label="购置日期止"
                  value={draft.purchaseDateTo}
                  onChange={(v) => set({ purchaseDateTo: v })}
                />
              </Field>
              <Field label="院系">
                <Select value={draft.units} onChange={(_, d) => set({ units: d.value as Filters['units'] })}>
                  <option value="college">本学院（含下属单位）</option>
                  <option value="all">全部可见设备</option>
                </Select>
              </Field>
              <Button appearance="primary" onClick={search}>
                查询
              </Button>
              <Button onClick={reset}>重置</Button>
            </div>
            <div className={s.grid}>
              <Table size="small" aria-label="设备列表">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell className={s.check}>
                      <Checkbox
                        aria-label="全选本页"
                        checked={pageState}
                        disabled={!pickable.length}
                        onChange={(_, d) =>
                          toggle(
                            pickable.map((r) => r.id),
                            !!d.checked,
                          )
                        }
                      />
                    </TableHeaderCell>
                    <TableHeaderCell>仪器编号</TableHeaderCell>
                    <TableHeaderCell>仪器名称</TableHeaderCell>
                    <TableHeaderCell>分类号</TableHeaderCell>
                    <TableHeaderCell>型号</TableHeaderCell>
                    <TableHeaderCell>单价(元)</TableHeaderCell>
                    <TableHeaderCell>购置日期</TableHeaderCell>
                    <TableHeaderCell>现状</TableHeaderCell>
                    <TableHeaderCell>院系</TableHeaderCell>
                    <TableHeaderCell>状态</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {(page?.records ?? []).map((r) => (
                    <TableRow key={r.id}>
                      <TableCell className={s.check}>
                        <Checkbox
                          aria-label={`选择${r.equipmentNo}`}
                          checked={picked.has(r.id)}
                          disabled={r.imported}
                          onChange={(_, d) => toggle([r.id], !!d.checked)}
                        />
                      </TableCell>
                      <TableCell>{r.equipmentNo}</TableCell>
                      <TableCell>{r.equipmentName}</TableCell>
                      <TableCell>{r.classCode}</TableCell>
                      <TableCell>{r.model}</TableCell>
                      <TableCell>{yuan(r.unitPrice)}</TableCell>
                      <TableCell>{r.purchaseDate}</TableCell>
                      <TableCell>{statusName(r.statusCode)}</TableCell>
                      <TableCell>{r.unitName ?? r.unitCode}</TableCell>
                      <TableCell>
                        {r.imported ? (
                          <Badge appearance="tint" color="informative">
                            已导入
                          </Badge>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {!page ? (
                <div className={s.empty}>
                  <Spinner size="tiny" label="加载中" />
                </div>
              ) : !page.records.length ? (
                <div className={s.empty}>没有符合条件的设备</div>
              ) : null}
            </div>
            {page ? (
              <Pager
                lang={lang}
                total={page.total}
                current={paging.current}
                size={paging.size}
                onChange={(current, size) => setPaging({ current, size })}
              />
            ) : null}
            <div className={s.picked}>
              <span aria-live="polite">已选{picked.size}台</span>
              <Button size="small" disabled={busy || !page?.total} onClick={() => void pickAllMatching()}>
                全选匹配项
              </Button>
              <Button size="small" disabled={busy || !picked.size} onClick={() => setPicked(new Set())}>
                清空选择
              </Button>
            </div>
          </DialogContent>
          <DialogActions>
            {busy ? <Spinner size="tiny" /> : null}
            <Button appearance="primary" disabled={busy || !picked.size} onClick={() => void importPicked()}>
              导入
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

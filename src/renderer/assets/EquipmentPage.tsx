import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { equipmentApi, type EquipmentChange } from '../../shared/api/assets'
import { ASSET_DICTS } from '../../shared/resources/assets/common'
import { equipmentResource, isValuable } from '../../shared/resources/assets/equipment'
import { equipmentUsageResource } from '../../shared/resources/assets/equipment-usage'
import type { ResourceDef } from '../../shared/resource/types'
import { useText } from '../i18n'
import type { Row } from '../resource/ResourceGrid'
import ResourcePage from '../resource/ResourcePage'
import { useDict, usePermissions } from '../resource/shell-adapter'
import { quietCall } from '../shell/request'

const T = {
  history: { zh: '变动记录', en: 'History' },
  usage: { zh: '使用情况', en: 'Use' },
  close: { zh: '关闭', en: 'Close' },
  date: { zh: '变动日期', en: 'Date' },
  type: { zh: '变动类型', en: 'Change' },
  status: { zh: '现状', en: 'Status' },
  price: { zh: '单价(元)', en: 'Price' },
  origin: { zh: '来源', en: 'Origin' },
  reason: { zh: '原因', en: 'Reason' },
  none: { zh: '暂无变动记录', en: 'No changes' },
}

const ORIGIN: Record<string, { zh: string; en: string }> = {
  form: { zh: '登记修改', en: 'Form' },
  import: { zh: '导入', en: 'Import' },
  donate: { zh: '捐赠', en: 'Donation' },
  repair: { zh: '报修', en: 'Repair' },
}

/** A dialog around one equipment row: its number and name in the title. */
function EquipmentDialog({
  title,
  equipment,
  width,
  onClose,
  children,
}: {
  title: { zh: string; en: string }
  equipment: Row
  width: number
  onClose: () => void
  children: ReactNode
}) {
  const text = useText()
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ width, maxWidth: 'calc(100vw - 48px)' }}>
        <DialogBody>
          <DialogTitle>{`${text(title)} - ${String(equipment.equipmentNo)} ${String(equipment.equipmentName)}`}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {text(T.close)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** 变动记录: the 现状 and 单价 history SJ2 is derived from. */
function ChangesTable({ equipmentId }: { equipmentId: string }) {
  const text = useText()
  const [rows, setRows] = useState<EquipmentChange[] | null>(null)
  const statuses = useDict(ASSET_DICTS.status)
  const types = useDict(ASSET_DICTS.changeType)
  useEffect(() => {
    let live = true
    void quietCall(equipmentApi.changes, { query: { equipmentId } })
      .then((r) => live && setRows(r))
      .catch(() => live && setRows([]))
    return () => {
      live = false
    }
  }, [equipmentId])
  const name = (items: { dictKey: string; dictValue: string }[], key: number) =>
    items.find((d) => d.dictKey === String(key))?.dictValue ?? String(key)
  if (rows && !rows.length) return <p>{text(T.none)}</p>
  return (
    <Table size="small" aria-label={text(T.history)}>
      <TableHeader>
        <TableRow>
          {[T.date, T.type, T.status, T.price, T.origin, T.reason].map((h) => (
            <TableHeaderCell key={h.zh}>{text(h)}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {(rows ?? []).map((r) => (
          <TableRow key={r.id}>
            <TableCell>{r.changeDate}</TableCell>
            <TableCell>{name(types, r.changeType)}</TableCell>
            <TableCell>
              {r.fromStatus === r.toStatus
                ? name(statuses, r.toStatus)
                : `${name(statuses, r.fromStatus)} → ${name(statuses, r.toStatus)}`}
            </TableCell>
            <TableCell>{r.fromPrice === r.toPrice ? r.toPrice : `${r.fromPrice} → ${r.toPrice}`}</TableCell>
            <TableCell>{ORIGIN[r.origin] ? text(ORIGIN[r.origin]) : r.origin}</TableCell>
            <TableCell>{r.reason ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** 贵重仪器使用情况 of one item: the usage list with the item fixed (shown, not chosen). */
function usageDef(equipment: Row): ResourceDef {
  const name = `${String(equipment.equipmentNo)} ${String(equipment.equipmentName)}`
  return {
    ...equipmentUsageResource,
    fields: equipmentUsageResource.fields.map((f) =>
      f.name === 'equipmentId'
        ? {
            ...f,
            form: true,
            control: 'select',
            span: 24,
            options: [{ label: { zh: name, en: name }, value: String(equipment.id) }],
          }
        : f,
    ),
  }
}

function UsageList({ equipment }: { equipment: Row }) {
  const def = useMemo(() => usageDef(equipment), [equipment])
  const id = String(equipment.id)
  const fixed = useMemo(() => ({ equipmentId_equal: id }), [id])
  const preset = useMemo(() => ({ equipmentId: id }), [id])
  return (
    <div style={{ height: 480 }}>
      <ResourcePage def={def} fixedQuery={fixed} addPreset={preset} />
    </div>
  )
}

/**
 * 仪器设备: the register (the generic page: search, add/edit/view, delete, 导入 with a checked
 * preview and all-or-nothing commit, streamed 导出), each item's 变动记录, and the yearly SJ3
 * 使用情况 of valuable instruments.
 */
export default function EquipmentPage() {
  const text = useText()
  const can = usePermissions()
  const [history, setHistory] = useState<Row | null>(null)
  const [usage, setUsage] = useState<Row | null>(null)
  return (
    <>
      <ResourcePage
        def={equipmentResource}
        rowExtra={(row) =>
          can('assets_equipment_view') ? (
            <>
              <Button size="small" appearance="transparent" onClick={() => setHistory(row)}>
                {text(T.history)}
              </Button>
              {isValuable(row) ? (
                <Button size="small" appearance="transparent" onClick={() => setUsage(row)}>
                  {text(T.usage)}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      {history ? (
        <EquipmentDialog title={T.history} equipment={history} width={860} onClose={() => setHistory(null)}>
          <ChangesTable equipmentId={String(history.id)} />
        </EquipmentDialog>
      ) : null}
      {usage ? (
        <EquipmentDialog title={T.usage} equipment={usage} width={1100} onClose={() => setUsage(null)}>
          <UsageList equipment={usage} />
        </EquipmentDialog>
      ) : null}
    </>
  )
}

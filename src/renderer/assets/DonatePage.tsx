import {
  Button,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import type { DonateItem } from '../../shared/api/assets'
import { donateResource } from '../../shared/resources/assets/donate'
import { useText } from '../i18n'
import { FormDialog, type FormMode } from '../resource/FormDialog'
import type { Row } from '../resource/ResourceGrid'
import ResourcePage from '../resource/ResourcePage'
import { notify, useLang } from '../resource/shell-adapter'
import { sayer } from '../resource/strings'

const T = {
  items: {
    zh: '捐赠物品（每件入账为一条仪器设备，仪器来源“捐赠”）',
    en: 'Donated items (each becomes equipment)',
  },
  add: { zh: '添加物品', en: 'Add item' },
  remove: { zh: '移除', en: 'Remove' },
}

/** The item columns: field, label, width, and whether it is a number. */
const COLUMNS: {
  key: keyof DonateItem
  label: { zh: string; en: string }
  width: number
  number?: boolean
}[] = [
  { key: 'equipmentName', label: { zh: '物品名称', en: 'Name' }, width: 160 },
  { key: 'classCode', label: { zh: '分类号', en: 'Class code' }, width: 100 },
  { key: 'model', label: { zh: '型号', en: 'Model' }, width: 110 },
  { key: 'price', label: { zh: '单价(元)', en: 'Price' }, width: 100, number: true },
  { key: 'quantity', label: { zh: '数量', en: 'Qty' }, width: 70, number: true },
  { key: 'unit', label: { zh: '计量单位', en: 'Unit' }, width: 70 },
  { key: 'manufacturer', label: { zh: '生产厂家', en: 'Manufacturer' }, width: 140 },
]

const useStyles = makeStyles({
  section: {
    marginTop: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    fontWeight: tokens.fontWeightSemibold,
  },
  input: { width: '100%', minWidth: 0 },
})

const blankItem = (): DonateItem => ({ equipmentName: '', classCode: '', price: '', quantity: 1, unit: '台' })

/** The donated items of the form; an item already in the register keeps its 仪器编号 and counts one. */
function ItemsEditor({
  items,
  readOnly,
  onChange,
}: {
  items: DonateItem[]
  readOnly: boolean
  onChange: (items: DonateItem[]) => void
}) {
  const s = useStyles()
  const text = useText()
  const set = (i: number, key: keyof DonateItem, value: string) =>
    onChange(items.map((item, n) => (n === i ? { ...item, [key]: value } : item)))
  return (
    <div className={s.section}>
      <div className={s.head}>
        <span>{text(T.items)}</span>
        {readOnly ? null : (
          <Button size="small" icon={<AddRegular />} onClick={() => onChange([...items, blankItem()])}>
            {text(T.add)}
          </Button>
        )}
      </div>
      <Table size="small" aria-label={text(T.items)}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: 90 }}>{text({ zh: '仪器编号', en: 'No.' })}</TableHeaderCell>
            {COLUMNS.map((c) => (
              <TableHeaderCell key={c.key} style={{ width: c.width }}>
                {text(c.label)}
              </TableHeaderCell>
            ))}
            {readOnly ? null : <TableHeaderCell style={{ width: 70 }} />}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item, i) => (
            <TableRow key={i}>
              <TableCell>{item.equipmentNo ?? ''}</TableCell>
              {COLUMNS.map((c) => (
                <TableCell key={c.key}>
                  {readOnly || (c.key === 'quantity' && item.id) ? (
                    String(item[c.key] ?? '')
                  ) : (
                    <Input
                      className={s.input}
                      size="small"
                      aria-label={`${text(c.label)} ${i + 1}`}
                      type={c.number ? 'number' : 'text'}
                      value={String(item[c.key] ?? '')}
                      onChange={(_, d) => set(i, c.key, d.value)}
                    />
                  )}
                </TableCell>
              ))}
              {readOnly ? null : (
                <TableCell>
                  <Button
                    size="small"
                    appearance="transparent"
                    icon={<DeleteRegular />}
                    onClick={() => onChange(items.filter((_, n) => n !== i))}
                  >
                    {text(T.remove)}
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

/** The items of a donation's detail (its equipment rows) as form lines. */
const itemsOf = (detail: Row): DonateItem[] =>
  ((detail.items as Row[] | undefined) ?? []).map((e) => ({
    id: String(e.id),
    equipmentNo: e.equipmentNo as string,
    equipmentName: String(e.equipmentName ?? ''),
    classCode: String(e.classCode ?? ''),
    model: (e.model as string) ?? '',
    countryCode: (e.countryCode as string) ?? '156',
    price: String(e.price ?? ''),
    quantity: 1,
    unit: (e.unit as string) ?? '',
    manufacturer: (e.manufacturer as string) ?? '',
    useDirection: (e.useDirection as number) ?? 1,
  }))

/**
 * 资产捐赠: the donation list (generic page) whose add/edit/view dialog carries the donated items;
 * the server enters each item in the equipment register and keeps the donation's totals.
 */
export default function DonatePage() {
  const lang = useLang()
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: Row } | null>(null)
  const [items, setItems] = useState<DonateItem[]>([])
  const [signal, setSignal] = useState(0)
  const open = (mode: FormMode, row?: Row) => {
    setItems(mode === 'add' ? [blankItem()] : [])
    setDialog({ mode, row })
  }
  return (
    <>
      <ResourcePage
        def={donateResource}
        reloadSignal={signal}
        onAdd={() => open('add')}
        onEdit={(row) => open('edit', row)}
        onView={(row) => open('view', row)}
      />
      {dialog ? (
        <FormDialog
          def={donateResource}
          lang={lang}
          mode={dialog.mode}
          row={dialog.row}
          extraBody={{ items }}
          onDetail={(detail) => setItems(itemsOf(detail))}
          onClose={() => setDialog(null)}
          onSaved={(mode) => {
            notify.success(sayer(lang)(mode === 'add' ? 'added' : 'updated'))
            setDialog(null)
            setSignal((n) => n + 1)
          }}
        >
          <ItemsEditor items={items} readOnly={dialog.mode === 'view'} onChange={setItems} />
        </FormDialog>
      ) : null}
    </>
  )
}

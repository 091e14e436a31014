import { Combobox, Option } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { repairsApi, type RepairableEquipment } from '../../shared/api/repairs'
import { useText } from '../i18n'
import type { CustomControlProps } from '../resource/FormDialog'
import { quietCall } from '../shell/request'
import { T } from './texts'

const labelOf = (e: Pick<RepairableEquipment, 'equipmentNo' | 'equipmentName'>) =>
  `${e.equipmentNo} ${e.equipmentName}`

/**
 * 报修设备: the register searched by 仪器编号 or 名称 as the reporter types (devices in stock only,
 * 20 at a time), through the repairs family so teachers need no equipment grant.
 */
export function EquipmentPicker({
  value,
  disabled,
  invalid,
  onChange,
  onBlur,
  initialLabel,
}: CustomControlProps & { initialLabel?: string }) {
  const text = useText()
  const [keyword, setKeyword] = useState(initialLabel ?? '')
  const [options, setOptions] = useState<RepairableEquipment[]>([])
  useEffect(() => {
    let live = true
    const chosen = options.find((o) => o.id === value)
    const search = chosen && labelOf(chosen) === keyword ? '' : keyword.trim()
    const timer = setTimeout(() => {
      void quietCall(repairsApi.equipmentSelect, { query: search ? { keyword: search } : {} })
        .then((rows) => live && setOptions(rows))
        .catch(() => live && setOptions([]))
    }, 250)
    return () => {
      live = false
      clearTimeout(timer)
    }
    // searched as the keyword changes; the chosen row is read only to skip a search for its own label
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyword])
  return (
    <Combobox
      freeform
      disabled={disabled}
      aria-invalid={invalid || undefined}
      placeholder={text(T.pickDevice)}
      value={keyword}
      selectedOptions={value ? [String(value)] : []}
      onChange={(e) => setKeyword(e.target.value)}
      onOptionSelect={(_, d) => {
        const row = options.find((o) => o.id === d.optionValue)
        if (!row) return
        setKeyword(labelOf(row))
        onChange(row.id)
      }}
      onBlur={onBlur}
      style={{ width: '100%', minWidth: 0 }}
    >
      {options.length ? (
        options.map((o) => (
          <Option key={o.id} value={o.id} text={labelOf(o)}>
            {`${labelOf(o)}${o.model ? `（${o.model}）` : ''}${o.location ? ` · ${o.location}` : ''}`}
          </Option>
        ))
      ) : (
        <Option key="none" value="" disabled text="">
          {text(T.noDevice)}
        </Option>
      )}
    </Combobox>
  )
}

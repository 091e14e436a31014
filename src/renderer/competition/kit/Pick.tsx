import { Dropdown, Option } from '@fluentui/react-components'

export interface PickOption {
  value: string
  label: string
}

/** A plain single (or multi) select over given options; the value is the option's value ('' = none). */
export function Pick({
  options,
  value,
  onChange,
  placeholder,
  label,
  multi,
  disabled,
  clearable = true,
  width,
}: {
  options: PickOption[]
  value: string
  onChange: (value: string) => void
  placeholder?: string
  /** Accessible name when no Field labels it. */
  label?: string
  multi?: boolean
  disabled?: boolean
  clearable?: boolean
  width?: string
}) {
  const selected = value === '' ? [] : value.split(',')
  const shown = selected
    .map((v) => options.find((o) => o.value === v)?.label ?? v)
    .filter(Boolean)
    .join('、')
  return (
    <Dropdown
      aria-label={label}
      style={{ minWidth: width ?? '160px', width }}
      multiselect={multi}
      clearable={clearable}
      disabled={disabled}
      placeholder={placeholder}
      value={shown}
      selectedOptions={selected}
      onOptionSelect={(_, d) => onChange(multi ? d.selectedOptions.join(',') : (d.optionValue ?? ''))}
    >
      {options.map((o) => (
        <Option key={o.value} value={o.value}>
          {o.label}
        </Option>
      ))}
    </Dropdown>
  )
}

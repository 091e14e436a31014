import {
  Dropdown,
  Input,
  Option,
  Switch,
  Textarea,
  makeStyles,
  tokens,
  type DropdownProps,
} from '@fluentui/react-components'
import type { FieldDef } from '../../shared/resource/types'
import { controlOf, textOf, type Lang } from './fields'
import { labelsOf, useChoices } from './options'
import { sayer } from './strings'
import { TreePicker } from './TreePicker'
import { ValueTags } from './ValueTags'

/** One form control, chosen from the field's control (spec 2.2 form): value in, value out, blur. */
export interface FieldControlProps {
  field: FieldDef
  value: unknown
  lang: Lang
  disabled?: boolean
  invalid?: boolean
  onChange: (value: unknown) => void
  onBlur: () => void
}

const useStyles = makeStyles({
  full: { width: '100%', minWidth: 0 },
  textarea: { width: '100%', minHeight: '72px' },
  switchRow: { display: 'flex', alignItems: 'center', minHeight: '32px' },
  readonly: {
    minHeight: '32px',
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
    wordBreak: 'break-all',
  },
  multiline: { alignItems: 'flex-start', padding: tokens.spacingHorizontalS, whiteSpace: 'pre-wrap' },
  muted: { color: tokens.colorNeutralForeground4 },
})

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))

/** 'yyyy-MM-dd HH:mm:ss' <-> the 'yyyy-MM-ddTHH:mm' a datetime-local input speaks. */
export const toLocalInput = (v: string) => v.replace(' ', 'T').slice(0, 16)
export const fromLocalInput = (v: string) => (v ? `${v.replace('T', ' ')}:00`.slice(0, 19) : '')

/** What a text-like control of a field sets (type, limits, input value in, stored value out). */
interface TextControl {
  type?: 'number' | 'password' | 'date' | 'datetime-local'
  autoComplete?: string
  min?: number
  max?: number
  maxLength?: number
  /** Whether the control shows 请输入{label} (date pickers show their own format). */
  placeholder: boolean
  toInput(text: string): string
  fromInput(value: string): unknown
}

const same = (v: string) => v

/** The Input/Textarea props of a field's text-like control; null for selects, trees and switches. */
export function inputProps(field: FieldDef): TextControl | null {
  switch (controlOf(field)) {
    case 'input':
    case 'textarea':
      return { maxLength: field.max, placeholder: true, toInput: same, fromInput: same }
    case 'number':
      return {
        type: 'number',
        min: field.min,
        max: field.maxValue,
        placeholder: true,
        toInput: same,
        fromInput: same,
      }
    case 'password':
      return {
        type: 'password',
        autoComplete: 'new-password',
        placeholder: true,
        toInput: same,
        fromInput: same,
      }
    case 'date':
      return { type: 'date', placeholder: false, toInput: (v) => v.slice(0, 10), fromInput: same }
    case 'datetime':
      return { type: 'datetime-local', placeholder: false, toInput: toLocalInput, fromInput: fromLocalInput }
    default:
      return null
  }
}

export function FieldControl({ field, value, lang, disabled, invalid, onChange, onBlur }: FieldControlProps) {
  const s = useStyles()
  const say = sayer(lang)
  const label = textOf(field.label, lang)
  const control = controlOf(field)
  const text = str(value)
  const typed = inputProps(field)
  if (typed) {
    const { toInput, fromInput, placeholder, ...attributes } = typed
    const props = {
      ...attributes,
      disabled,
      onBlur,
      'aria-invalid': invalid || undefined,
      value: toInput(text),
      placeholder: placeholder ? say('pleaseEnter', { label }) : undefined,
    }
    return control === 'textarea' ? (
      <Textarea
        {...props}
        className={s.textarea}
        resize="vertical"
        onChange={(_, d) => onChange(fromInput(d.value))}
      />
    ) : (
      <Input {...props} className={s.full} onChange={(_, d) => onChange(fromInput(d.value))} />
    )
  }
  switch (control) {
    case 'switch':
      return (
        <div className={s.switchRow}>
          <Switch
            disabled={disabled}
            checked={text === '1'}
            label={text === '1' ? say('yes') : say('no')}
            onChange={(_, d) => {
              onChange(d.checked ? 1 : 0)
              onBlur()
            }}
          />
        </div>
      )
    case 'tree':
    case 'multitree':
      return (
        <TreePicker
          field={field}
          lang={lang}
          multi={control === 'multitree'}
          value={text}
          disabled={disabled}
          invalid={invalid}
          placeholder={say('pleaseSelect', { label })}
          onChange={onChange}
          onBlur={onBlur}
        />
      )
    default:
      return (
        <ChoiceSelect
          field={field}
          lang={lang}
          multi={control === 'multiselect'}
          value={text}
          disabled={disabled}
          invalid={invalid}
          placeholder={say('pleaseSelect', { label })}
          onChange={onChange}
          onBlur={onBlur}
        />
      )
  }
}

interface ChoiceSelectProps {
  field: FieldDef
  lang: Lang
  multi: boolean
  value: string
  disabled?: boolean
  invalid?: boolean
  placeholder: string
  onChange: (value: string) => void
  onBlur: () => void
}

/** A dictionary / options / remote-list select; the stored value is the key (comma-joined if multi). */
export function ChoiceSelect({
  field,
  lang,
  multi,
  value,
  disabled,
  invalid,
  placeholder,
  onChange,
  onBlur,
}: ChoiceSelectProps) {
  const s = useStyles()
  const choices = useChoices(field, lang)
  const selected = value === '' ? [] : value.split(',')
  const onSelect: DropdownProps['onOptionSelect'] = (_, d) => {
    onChange(multi ? d.selectedOptions.join(',') : (d.optionValue ?? ''))
  }
  return (
    <Dropdown
      className={s.full}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      multiselect={multi}
      clearable
      placeholder={placeholder}
      value={labelsOf(value, choices).join('、')}
      selectedOptions={selected}
      onOptionSelect={onSelect}
      onOpenChange={(_, d) => {
        if (!d.open) onBlur()
      }}
    >
      {choices.map((c) => (
        <Option key={c.value} value={c.value}>
          {c.label}
        </Option>
      ))}
    </Dropdown>
  )
}

/** A field's value in the view dialog: text, or tags for dictionary and tree fields. */
export function FieldValue({ field, value, lang }: { field: FieldDef; value: unknown; lang: Lang }) {
  const s = useStyles()
  const control = controlOf(field)
  const text = str(value)
  if (field.dict || field.options || field.remote) {
    return (
      <div className={s.readonly}>
        <ValueTags field={field} value={value} lang={lang} />
      </div>
    )
  }
  if (control === 'password') return <div className={s.readonly}>••••••</div>
  if (control === 'switch')
    return <div className={s.readonly}>{sayer(lang)(text === '1' ? 'yes' : 'no')}</div>
  return (
    <div className={control === 'textarea' ? `${s.readonly} ${s.multiline}` : s.readonly}>
      {text === '' ? <span className={s.muted}>-</span> : text}
    </div>
  )
}

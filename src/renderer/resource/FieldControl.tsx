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

export function FieldControl({ field, value, lang, disabled, invalid, onChange, onBlur }: FieldControlProps) {
  const s = useStyles()
  const say = sayer(lang)
  const label = textOf(field.label, lang)
  const control = controlOf(field)
  const text = str(value)
  const common = { disabled, onBlur, 'aria-invalid': invalid || undefined }
  switch (control) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          className={s.textarea}
          resize="vertical"
          value={text}
          maxLength={field.max}
          placeholder={say('pleaseEnter', { label })}
          onChange={(_, d) => onChange(d.value)}
        />
      )
    case 'number':
      return (
        <Input
          {...common}
          className={s.full}
          type="number"
          value={text}
          min={field.min}
          max={field.maxValue}
          placeholder={say('pleaseEnter', { label })}
          onChange={(_, d) => onChange(d.value)}
        />
      )
    case 'password':
      return (
        <Input
          {...common}
          className={s.full}
          type="password"
          autoComplete="new-password"
          value={text}
          placeholder={say('pleaseEnter', { label })}
          onChange={(_, d) => onChange(d.value)}
        />
      )
    case 'date':
      return (
        <Input
          {...common}
          className={s.full}
          type="date"
          value={text.slice(0, 10)}
          onChange={(_, d) => onChange(d.value)}
        />
      )
    case 'datetime':
      return (
        <Input
          {...common}
          className={s.full}
          type="datetime-local"
          value={toLocalInput(text)}
          onChange={(_, d) => onChange(fromLocalInput(d.value))}
        />
      )
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
    case 'select':
    case 'multiselect':
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
    case 'input':
    default:
      return (
        <Input
          {...common}
          className={s.full}
          value={text}
          maxLength={field.max}
          placeholder={say('pleaseEnter', { label })}
          onChange={(_, d) => onChange(d.value)}
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

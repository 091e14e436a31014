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
import { controlOf, decimalText, textOf, type Lang } from './fields'
import { labelsOf, useChoices } from './options'
import { sayer } from './strings'
import { DateInput, DateTimeInput } from '../components/DateInput'
import { TreePicker } from './TreePicker'
import { ValueTags } from './ValueTags'
import { RichTextEditor } from '../components/rich-text/RichTextEditor'
import { RichTextView } from '../components/rich-text/RichTextView'
import {
  AttachmentList,
  FilesControl,
  ImageControl,
  ServerImage,
  type Attachment,
} from '../components/Attachments'

/** One form control, chosen from the field's control (spec 2.2 form): value in, value out, blur. */
export interface FieldControlProps {
  field: FieldDef
  value: unknown
  lang: Lang
  disabled?: boolean
  invalid?: boolean
  onChange: (value: unknown) => void
  onBlur: () => void
  /** The whole form row (a `files` control reads the detail's `attachments` from it). */
  row?: Record<string, unknown>
}

/** The attachments a detail listed for a `files` field, in the order of the ids. */
export function attachmentsOf(row: Record<string, unknown> | undefined): Attachment[] {
  const list = row?.attachments
  return Array.isArray(list) ? (list as Attachment[]) : []
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

/** What a text-like control of a field sets (type, limits, input value in, stored value out). */
interface TextControl {
  type?: 'number' | 'password'
  autoComplete?: string
  min?: number
  max?: number
  maxLength?: number
  /** Whether the control shows 请输入{label}. */
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
    default:
      return null
  }
}

export function FieldControl({
  field,
  value,
  lang,
  disabled,
  invalid,
  onChange,
  onBlur,
  row,
}: FieldControlProps) {
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
    case 'richtext':
      return (
        <RichTextEditor
          label={label}
          value={text}
          disabled={disabled}
          invalid={invalid}
          onChange={onChange}
          onBlur={onBlur}
        />
      )
    case 'files':
      return (
        <FilesControl
          value={text}
          known={attachmentsOf(row)}
          disabled={disabled}
          onChange={onChange}
          onBlur={onBlur}
        />
      )
    case 'image':
      return (
        <ImageControl value={text} label={label} disabled={disabled} onChange={onChange} onBlur={onBlur} />
      )
    case 'date':
      return (
        <DateInput
          aria-label={label}
          aria-invalid={invalid || undefined}
          value={text.slice(0, 10)}
          disabled={disabled}
          onBlur={onBlur}
          onChange={(v) => onChange(v)}
        />
      )
    case 'datetime':
      return (
        <DateTimeInput
          aria-label={label}
          aria-invalid={invalid || undefined}
          value={text}
          disabled={disabled}
          onBlur={onBlur}
          onChange={(v) => onChange(v)}
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
export function FieldValue({
  field,
  value,
  lang,
  row,
}: {
  field: FieldDef
  value: unknown
  lang: Lang
  row?: Record<string, unknown>
}) {
  const s = useStyles()
  const control = controlOf(field)
  const text = field.type === 'decimal' ? decimalText(value) : str(value)
  if (control === 'richtext') return <RichTextView html={text} />
  if (control === 'files') {
    const ids = text.split(',').filter(Boolean)
    return <AttachmentList attachments={attachmentsOf(row).filter((a) => ids.includes(a.id))} />
  }
  if (control === 'image')
    return text ? (
      <ServerImage link={text} alt={textOf(field.label, lang)} />
    ) : (
      <div className={s.readonly}>-</div>
    )
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

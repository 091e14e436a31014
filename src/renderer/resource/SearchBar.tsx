import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowResetRegular, SearchRegular } from '@fluentui/react-icons'
import type { FormEvent } from 'react'
import type { FieldDef, ResourceDef } from '../../shared/resource/types'
import { hasOptions, searchFields, textOf, type Lang } from './fields'
import { DateInput } from '../components/DateInput'
import { ChoiceSelect } from './FieldControl'
import type { SearchValues } from './query'
import { sayer } from './strings'

/** The search form above the list: one input per `search` field, then 搜索 and 清空. */
export interface SearchBarProps {
  def: ResourceDef
  lang: Lang
  values: SearchValues
  onChange: (values: SearchValues) => void
  onSearch: () => void
  onReset: () => void
}

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} 0`,
  },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  label: { color: tokens.colorNeutralForeground2, whiteSpace: 'nowrap' },
  input: { width: '180px' },
  date: { width: '140px' },
  dash: { color: tokens.colorNeutralForeground3 },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
})

export function SearchBar({ def, lang, values, onChange, onSearch, onReset }: SearchBarProps) {
  const s = useStyles()
  const say = sayer(lang)
  const fields = searchFields(def)
  if (!fields.length) return null
  const set = (name: string, v: string | [string, string]) => onChange({ ...values, [name]: v })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSearch()
  }
  const control = (f: FieldDef) => {
    const label = textOf(f.label, lang)
    const v = values[f.name]
    if (f.search === 'daterange') {
      const [from, to] = Array.isArray(v) ? v : ['', '']
      return (
        <>
          <div className={s.date}>
            <DateInput
              aria-label={`${label} ${say('from')}`}
              value={from}
              onChange={(d) => set(f.name, [d, to])}
            />
          </div>
          <span className={s.dash}>-</span>
          <div className={s.date}>
            <DateInput
              aria-label={`${label} ${say('to')}`}
              value={to}
              onChange={(d) => set(f.name, [from, d])}
            />
          </div>
        </>
      )
    }
    if (hasOptions(f)) {
      return (
        <div className={s.input}>
          <ChoiceSelect
            field={f}
            lang={lang}
            multi={false}
            value={typeof v === 'string' ? v : ''}
            placeholder={say('pleaseSelect', { label })}
            onChange={(next) => set(f.name, next)}
            onBlur={() => undefined}
          />
        </div>
      )
    }
    return (
      <Input
        className={s.input}
        aria-label={label}
        value={typeof v === 'string' ? v : ''}
        placeholder={say('pleaseEnter', { label })}
        onChange={(_, d) => set(f.name, d.value)}
      />
    )
  }
  return (
    <form className={s.form} onSubmit={submit} role="search">
      {fields.map((f) => (
        <Field
          key={f.name}
          className={s.item}
          orientation="horizontal"
          label={{ children: textOf(f.label, lang), className: s.label }}
        >
          <span className={s.item}>{control(f)}</span>
        </Field>
      ))}
      <div className={s.buttons}>
        <Button type="submit" appearance="primary" icon={<SearchRegular />}>
          {say('search')}
        </Button>
        <Button type="button" icon={<ArrowResetRegular />} onClick={onReset}>
          {say('reset')}
        </Button>
      </div>
    </form>
  )
}

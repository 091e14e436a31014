import { Field, makeStyles, tokens } from '@fluentui/react-components'
import { useMemo, useState, type ReactNode } from 'react'
import type { FieldDef } from '../../../shared/resource/types'
import { spanOf, textOf } from '../../resource/fields'
import { FieldControl, FieldValue } from '../../resource/FieldControl'
import { useLang } from '../../resource/shell-adapter'
import { fieldError } from '../../resource/validation'

/**
 * The competition forms: the resource engine's controls and messages for the fields a definition
 * gives, laid out on its 24-column grid, with controls of the screen's own where a field needs one
 * (a college select fed by the area's options, a venue picker).
 */

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(24, minmax(0, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
  },
  field: { minWidth: 0 },
})

export type Values = Record<string, unknown>

export function useForm(fields: FieldDef[], initial: Values) {
  const [values, setValues] = useState<Values>(initial)
  const [touched, setTouched] = useState<Set<string>>(new Set())
  const lang = useLang()
  const all = useMemo(() => {
    const out: Record<string, string> = {}
    for (const f of fields) {
      const e = fieldError(f, values[f.name], lang)
      if (e) out[f.name] = e
    }
    return out
  }, [fields, values, lang])
  const errors = Object.fromEntries(Object.entries(all).filter(([k]) => touched.has(k)))
  return {
    values,
    errors,
    set: (name: string, value: unknown) => setValues((v) => ({ ...v, [name]: value })),
    reset: (next: Values) => {
      setValues(next)
      setTouched(new Set())
    },
    touch: (name: string) => setTouched((t) => (t.has(name) ? t : new Set(t).add(name))),
    /** Shows every message; true when there is none. */
    check: () => {
      setTouched(new Set(fields.map((f) => f.name)))
      return Object.keys(all).length === 0
    },
  }
}

export type FormState = ReturnType<typeof useForm>

export function FieldGrid({
  fields,
  form,
  view = false,
  custom = {},
  disabled,
}: {
  fields: FieldDef[]
  form: FormState
  view?: boolean
  /** A control of the screen's own for a field, by name. */
  custom?: Record<string, ReactNode>
  disabled?: boolean
}) {
  const s = useStyles()
  const lang = useLang()
  return (
    <div className={s.grid}>
      {fields.map((f) => (
        <Field
          key={f.name}
          className={s.field}
          style={{ gridColumn: `span ${spanOf(f)}` }}
          label={textOf(f.label, lang)}
          required={!view && !!f.required}
          validationMessage={view ? undefined : form.errors[f.name]}
          validationState={!view && form.errors[f.name] ? 'error' : 'none'}
        >
          {custom[f.name] ??
            (view ? (
              <FieldValue field={f} value={form.values[f.name]} lang={lang} />
            ) : (
              <FieldControl
                field={f}
                lang={lang}
                value={form.values[f.name]}
                disabled={disabled}
                invalid={!!form.errors[f.name]}
                onChange={(v) => form.set(f.name, v)}
                onBlur={() => form.touch(f.name)}
              />
            ))}
        </Field>
      ))}
    </div>
  )
}

/** Form values of a row (null as ''). */
export function valuesOf(fields: FieldDef[], row: Values | null | undefined): Values {
  const out: Values = {}
  for (const f of fields) {
    const v = row?.[f.name]
    out[f.name] = v === null || v === undefined ? (f.default ?? '') : v
  }
  return out
}

/** Values as a body: '' becomes null, except what the caller keeps. */
export function bodyOf(values: Values): Values {
  const out: Values = {}
  for (const [k, v] of Object.entries(values)) out[k] = v === '' ? null : v
  return out
}

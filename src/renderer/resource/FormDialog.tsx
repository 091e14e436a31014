import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { DismissRegular } from '@fluentui/react-icons'
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { FieldDef, ResourceDef } from '../../shared/resource/types'
import { routesOf } from '../../shared/resource/types'
import { dialogWidthOf, emptyForm, formFields, formFromRow, spanOf, textOf, type Lang } from './fields'
import { FieldControl, FieldValue } from './FieldControl'
import { forgetRemote } from './options'
import { request } from './shell-adapter'
import { sayer } from './strings'
import { formErrors } from './validation'

/**
 * The add / edit / view dialog: the definition's width, a 24-column grid of controls (`span`),
 * validation on blur with the spec's messages, and save through `submit` (or `save`/`update`).
 * A failed save re-enables the form without a message of its own (spec 8: the call already toasted).
 */

export type FormMode = 'add' | 'edit' | 'view'
type Row = Record<string, unknown>

export interface FormDialogProps {
  def: ResourceDef
  lang: Lang
  mode: FormMode
  /** The row for edit/view (its detail is fetched when the resource has `detail`). */
  row?: Row
  /** Values preset on a new row (e.g. the parent of a tree child). */
  preset?: Row
  onClose: () => void
  onSaved: (mode: 'add' | 'edit') => void
  /** A screen's own control for some fields (e.g. a searching picker), by field name. */
  controls?: Record<string, (p: CustomControlProps) => ReactNode>
  /** A screen's own part of the form under the fields (e.g. a table of items). */
  children?: ReactNode
  /** Values the screen's own part adds to the saved body. */
  extraBody?: Row
  /** The fetched detail, for the screen's own part (edit/view). */
  onDetail?: (detail: Row) => void
  /** A save route of the screen's own (e.g. `saveRep`) instead of the definition's. */
  saveTo?: string
  /** A screen's additions to single fields, by field name. */
  fieldExtras?: Record<string, FieldExtra>
}

/** What a screen adds to one field of the generated form. */
export interface FieldExtra {
  /** A control beside the field's own (e.g. 生成编号), which may set form values. */
  beside?: (form: { values: Row; set: (patch: Row) => void; disabled: boolean }) => ReactNode
  /** A server check on blur (e.g. uniqueness): the message to show, or nothing when the value is fine. */
  check?: (value: unknown, values: Row, id: unknown) => Promise<string | undefined>
}

export interface CustomControlProps {
  value: unknown
  disabled: boolean
  invalid: boolean
  onChange: (value: unknown) => void
  onBlur: () => void
}

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(24, minmax(0, 1fr))',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalS,
  },
  field: { minWidth: 0 },
  control: { display: 'flex', gap: tokens.spacingHorizontalS, '& > :first-child': { flex: 1, minWidth: 0 } },
  title: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
  loading: { minHeight: '160px', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', paddingRight: tokens.spacingHorizontalS },
})

/** The save route of a resource and whether it is one `submit` for add and edit. */
export function savePath(def: ResourceDef, isNew: boolean): string {
  const routes = routesOf(def)
  if (routes.includes('submit')) return `${def.basePath}/submit`
  return `${def.basePath}/${isNew ? 'save' : 'update'}`
}

/** The body sent on save: form values (lists comma-joined), the id on edit. */
export function saveBody(def: ResourceDef, values: Row, id?: unknown): Row {
  const body: Row = {}
  for (const f of formFields(def)) {
    const v = values[f.name]
    body[f.name] = Array.isArray(v) ? v.join(',') : v
  }
  if (id !== undefined && id !== null && id !== '') body.id = String(id)
  return body
}

export function FormDialog({
  def,
  lang,
  mode,
  row,
  preset,
  onClose,
  onSaved,
  controls,
  children,
  extraBody,
  onDetail,
  saveTo,
  fieldExtras = {},
}: FormDialogProps) {
  const s = useStyles()
  const say = sayer(lang)
  const fields = formFields(def)
  const [values, setValues] = useState<Row>(() =>
    row ? formFromRow(def, row) : { ...emptyForm(def), ...preset },
  )
  // Messages appear once a field was left (validation on blur) or on save, then follow the value.
  const [touched, setTouched] = useState<Set<string>>(new Set())
  const allErrors = useMemo(() => formErrors(def, values, lang), [def, values, lang])
  const latest = useRef(values)
  latest.current = values
  // Messages of the screen's server checks, until the field changes again.
  const [checked, setChecked] = useState<Record<string, string>>({})
  const errors = {
    ...checked,
    ...Object.fromEntries(Object.entries(allErrors).filter(([name]) => touched.has(name))),
  }
  const [loading, setLoading] = useState(mode !== 'add' && routesOf(def).includes('detail'))
  const [saving, setSaving] = useState(false)
  const id = row?.id

  useEffect(() => {
    if (mode === 'add' || !routesOf(def).includes('detail') || id === undefined) return
    let live = true
    request<Row>({ method: 'GET', path: `${def.basePath}/detail`, query: { id: String(id) } })
      .then((detail) => {
        if (!live || !detail) return
        setValues(formFromRow(def, detail))
        onDetail?.(detail)
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
    // `onDetail` is read once per fetched detail
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, mode, id])

  const title = `${say(mode === 'add' ? 'addTitle' : mode === 'edit' ? 'editTitle' : 'viewTitle')}${lang === 'zh' ? '' : ' '}${textOf(def.label, lang).replace(/管理$/, '')}`

  const blur = (f: FieldDef) => {
    setTouched((prev) => (prev.has(f.name) ? prev : new Set(prev).add(f.name)))
    const check = fieldExtras[f.name]?.check
    const value = values[f.name]
    if (!check || allErrors[f.name] || value === undefined || value === null || value === '') return
    check(value, values, id)
      .then((message) => {
        // a value changed since the check was asked gets its own check on the next blur
        if (latest.current[f.name] === value) setChecked((prev) => ({ ...prev, [f.name]: message ?? '' }))
      })
      .catch(() => undefined)
  }
  const change = (name: string, patch: Row) => {
    setValues((prev) => ({ ...prev, ...patch }))
    if (checked[name] !== undefined || Object.keys(patch).some((k) => checked[k] !== undefined))
      setChecked((prev) =>
        Object.fromEntries(Object.entries(prev).filter(([k]) => k !== name && !(k in patch))),
      )
  }

  // Only a field with something beside it gets a row around its control (the Field's only child otherwise).
  const withBeside = (control: ReactNode, beside: ReactNode) =>
    beside ? (
      <div className={s.control}>
        {control}
        {beside}
      </div>
    ) : (
      control
    )

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (mode === 'view') return
    setTouched(new Set(fields.map((f) => f.name)))
    if (Object.keys(allErrors).length) return
    setSaving(true)
    try {
      await request({
        method: 'POST',
        path: saveTo ?? savePath(def, mode === 'add'),
        body: { ...saveBody(def, values, mode === 'edit' ? id : undefined), ...extraBody },
      })
      forgetRemote(def.basePath)
      onSaved(mode)
    } catch {
      // spec 8: the form comes back enabled; the failed call has shown the server's message
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !saving && onClose()}>
      <DialogSurface style={{ width: dialogWidthOf(def), maxWidth: 'calc(100vw - 48px)' }}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle
              action={
                <Button
                  appearance="subtle"
                  aria-label={say('close')}
                  icon={<DismissRegular />}
                  onClick={onClose}
                  disabled={saving}
                />
              }
            >
              {title}
            </DialogTitle>
            <DialogContent className={s.body}>
              {loading ? (
                <div className={s.loading}>
                  <Spinner size="small" label={say('loading')} />
                </div>
              ) : (
                <div className={s.grid}>
                  {fields.map((f) => (
                    <Field
                      key={f.name}
                      className={s.field}
                      style={{ gridColumn: `span ${spanOf(f)}` }}
                      label={textOf(f.label, lang)}
                      required={mode !== 'view' && !!f.required}
                      validationMessage={mode === 'view' ? undefined : errors[f.name]}
                      validationState={errors[f.name] && mode !== 'view' ? 'error' : 'none'}
                    >
                      {mode === 'view' ? (
                        <FieldValue field={f} value={values[f.name]} lang={lang} row={values} />
                      ) : controls?.[f.name] ? (
                        controls[f.name]({
                          value: values[f.name],
                          disabled: saving,
                          invalid: !!errors[f.name],
                          onChange: (v) => change(f.name, { [f.name]: v }),
                          onBlur: () => blur(f),
                        })
                      ) : (
                        withBeside(
                          <FieldControl
                            field={f}
                            lang={lang}
                            value={values[f.name]}
                            row={values}
                            disabled={saving}
                            invalid={!!errors[f.name]}
                            onChange={(v) => change(f.name, { [f.name]: v })}
                            onBlur={() => blur(f)}
                          />,
                          fieldExtras[f.name]?.beside?.({
                            values,
                            set: (patch) => change(f.name, patch),
                            disabled: saving,
                          }),
                        )
                      )}
                    </Field>
                  ))}
                </div>
              )}
              {loading ? null : children}
            </DialogContent>
            <DialogActions>
              {mode === 'view' ? (
                <Button appearance="primary" onClick={onClose}>
                  {say('close')}
                </Button>
              ) : (
                <>
                  <Button onClick={onClose} disabled={saving}>
                    {say('cancel')}
                  </Button>
                  <Button
                    type="submit"
                    appearance="primary"
                    disabled={saving || loading}
                    icon={saving ? <Spinner size="tiny" /> : undefined}
                  >
                    {say('save')}
                  </Button>
                </>
              )}
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}

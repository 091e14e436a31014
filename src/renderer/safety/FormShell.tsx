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
import type { FormEvent, ReactNode } from 'react'
import type { FieldDef } from '../../shared/resource/types'
import { validateField } from '../../shared/resource/validate'
import { FieldControl, FieldValue } from '../resource/FieldControl'
import { spanOf, textOf, type Lang } from '../resource/fields'
import { useText } from '../i18n'
import { T } from './texts'

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(24, minmax(0, 1fr))',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalS,
  },
  body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', paddingRight: tokens.spacingHorizontalS },
})

type Row = Record<string, unknown>

/** The messages of the given fields for their values (validation the server repeats). */
export function fieldErrors(fields: FieldDef[], values: Row): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of fields) {
    const message = validateField(
      f,
      Array.isArray(values[f.name]) ? (values[f.name] as unknown[]).join(',') : values[f.name],
    )
    if (message) out[f.name] = message
  }
  return out
}

/** A 24-column grid of definition fields (controls, or values when read-only). */
export function FieldsGrid({
  fields,
  values,
  errors = {},
  lang,
  readOnly,
  onChange,
  children,
}: {
  fields: FieldDef[]
  values: Row
  errors?: Record<string, string>
  lang: Lang
  readOnly?: boolean
  onChange: (name: string, value: unknown) => void
  children?: ReactNode
}) {
  const s = useStyles()
  return (
    <div className={s.grid}>
      {fields.map((f) => (
        <Field
          key={f.name}
          style={{ gridColumn: `span ${spanOf(f)}`, minWidth: 0 }}
          label={textOf(f.label, lang)}
          required={!readOnly && !!f.required}
          validationMessage={readOnly ? undefined : errors[f.name]}
          validationState={!readOnly && errors[f.name] ? 'error' : 'none'}
        >
          {readOnly ? (
            <FieldValue field={f} value={values[f.name]} lang={lang} />
          ) : (
            <FieldControl
              field={f}
              lang={lang}
              value={values[f.name]}
              invalid={!!errors[f.name]}
              onChange={(v) => onChange(f.name, v)}
              onBlur={() => undefined}
            />
          )}
        </Field>
      ))}
      {children}
    </div>
  )
}

/** A dialog with a form: title, close, content, 取消 / 保存 (or 关闭 when read-only). */
export function FormShell({
  title,
  width = 900,
  busy,
  readOnly,
  onClose,
  onSubmit,
  children,
  extraActions,
}: {
  title: string
  width?: number
  busy?: boolean
  readOnly?: boolean
  onClose: () => void
  onSubmit?: () => void
  children: ReactNode
  extraActions?: ReactNode
}) {
  const s = useStyles()
  const text = useText()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!readOnly) onSubmit?.()
  }
  return (
    <Dialog open modalType="modal" onOpenChange={(_e, d) => !d.open && !busy && onClose()}>
      <DialogSurface style={{ width, maxWidth: 'calc(100vw - 48px)' }}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle
              action={
                <Button
                  appearance="subtle"
                  aria-label={text(T.close)}
                  icon={<DismissRegular />}
                  onClick={onClose}
                  disabled={busy}
                />
              }
            >
              {title}
            </DialogTitle>
            <DialogContent className={s.body}>{children}</DialogContent>
            <DialogActions>
              {extraActions}
              {readOnly ? (
                <Button appearance="primary" onClick={onClose}>
                  {text(T.close)}
                </Button>
              ) : (
                <>
                  <Button onClick={onClose} disabled={busy}>
                    {text(T.cancel)}
                  </Button>
                  <Button
                    type="submit"
                    appearance="primary"
                    disabled={busy}
                    icon={busy ? <Spinner size="tiny" /> : undefined}
                  >
                    {text(T.save)}
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

import type { Control, FieldDef, ResourceDef, Text } from '../../shared/resource/types'

/**
 * How the generic page reads a resource definition: which fields are columns, search inputs and
 * form controls, and which control each field gets. Pure functions, so the page and its tests agree.
 */

export type Lang = 'zh' | 'en'

export const textOf = (t: Text, lang: Lang): string => t[lang] || t.zh

/** The control a field gets when the definition does not name one. */
export function controlOf(f: FieldDef): Control {
  if (f.control) return f.control
  if (f.remote?.tree) return f.type === 'ids' ? 'multitree' : 'tree'
  if (f.dict || f.options || f.remote) return f.type === 'ids' ? 'multiselect' : 'select'
  switch (f.type) {
    case 'text':
      return 'textarea'
    case 'int':
    case 'decimal':
      return 'number'
    case 'date':
      return 'date'
    case 'datetime':
      return 'datetime'
    default:
      return 'input'
  }
}

/** Controls whose value is a comma-joined list of keys. */
export const isMulti = (c: Control): boolean => c === 'multiselect' || c === 'multitree'

/** Fields whose value has labels to look up (dictionary, fixed options or a remote catalogue). */
export const hasOptions = (f: FieldDef): boolean => !!(f.dict || f.options || f.remote)

export const listFields = (def: ResourceDef): FieldDef[] =>
  def.fields.filter((f) => f.list ?? (f.type !== 'text' && controlOf(f) !== 'password'))

export const searchFields = (def: ResourceDef): FieldDef[] => def.fields.filter((f) => !!f.search)

export const formFields = (def: ResourceDef): FieldDef[] => def.fields.filter((f) => f.form !== false)

/** Grid span out of 24: the definition's, else a full row for long text, else half a row. */
export const spanOf = (f: FieldDef): number => {
  const span = f.span ?? (controlOf(f) === 'textarea' ? 24 : 12)
  return Math.min(24, Math.max(1, Math.round(span)))
}

export const DEFAULT_DIALOG_WIDTH = 800

export const dialogWidthOf = (def: ResourceDef): number => def.dialogWidth ?? DEFAULT_DIALOG_WIDTH

/** The buttons of the page, each gated by `<permission>_<action>` and by what the definition offers. */
export type PageAction = 'add' | 'edit' | 'view' | 'delete' | 'export' | 'import'

export function offeredActions(def: ResourceDef): PageAction[] {
  const a = def.actions ?? {}
  const out: PageAction[] = []
  if (a.add !== false) out.push('add')
  if (a.edit !== false) out.push('edit')
  if (a.view !== false) out.push('view')
  if (a.delete !== false) out.push('delete')
  if (def.exportPath) out.push('export')
  if (def.importPath) out.push('import')
  return out
}

export const permissionCode = (def: ResourceDef, action: PageAction): string => `${def.permission}_${action}`

/** Initial form values for a new row: each field's default, switches off, everything else empty. */
export function emptyForm(def: ResourceDef): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of formFields(def)) {
    if (f.default !== undefined) out[f.name] = f.default
    else if (controlOf(f) === 'switch') out[f.name] = 0
    else out[f.name] = ''
  }
  return out
}

/** Values of a loaded row as the form edits them (null becomes '', lists stay comma-joined). */
export function formFromRow(def: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id }
  for (const f of formFields(def)) {
    const v = row[f.name]
    out[f.name] = v === null || v === undefined ? '' : Array.isArray(v) ? v.join(',') : v
  }
  // A `files` field shows the names the detail lists beside its ids.
  if (Array.isArray(row.attachments)) out.attachments = row.attachments
  return out
}

/**
 * A decimal as people read it: the database keeps four places (`120.0000`), the screen shows two
 * and more only when they are not zeros (`120.00`, `12.5`→`12.50`, `1.2345`).
 */
export function decimalText(value: unknown): string {
  if (value === null || value === undefined || value === '') return ''
  const text = String(value)
  const m = /^(-?\d+)(?:\.(\d*))?$/.exec(text)
  if (!m) return text
  const places = (m[2] ?? '').replace(/0+$/, '')
  return `${m[1]}.${places.padEnd(2, '0')}`
}

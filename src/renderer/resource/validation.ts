import type { FieldDef, ResourceDef } from '../../shared/resource/types'
import { validateField } from '../../shared/resource/validate'
import { formFields, type Lang } from './fields'

/**
 * Form validation on blur, with the spec's messages (validate.ts holds the rules shared with the
 * server). The shared schema speaks Chinese; in English the definition's own en text is shown for
 * its required and pattern messages, and the generic type and length messages stay in Chinese.
 */
export function fieldError(f: FieldDef, value: unknown, lang: Lang = 'zh'): string | null {
  const zh = validateField(f, normalise(value))
  if (!zh || lang === 'zh') return zh
  if (f.required && zh === f.required.zh) return f.required.en || zh
  const rule = f.rules?.find((r) => r.message.zh === zh)
  return rule?.message.en || zh
}

/** Every form field's message, for the save button (only fields with an error are present). */
export function formErrors(
  def: ResourceDef,
  values: Record<string, unknown>,
  lang: Lang = 'zh',
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of formFields(def)) {
    const e = fieldError(f, values[f.name], lang)
    if (e) out[f.name] = e
  }
  return out
}

/** An empty list is no value; lists otherwise go comma-joined as the server stores them. */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? value.join(',') : ''
  return value
}

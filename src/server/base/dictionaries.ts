import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { FieldDef } from '../../shared/resource/types'

export interface Choice {
  label: string
  value: string
}

const rowsOf = (result: unknown) =>
  ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[]

/**
 * The items of a system dictionary (`blade_dict`, children of the root with that code). The dictionary
 * tables belong to the system area; until they exist this answers no items instead of failing.
 */
export async function dictChoices(db: Db, code: string): Promise<Choice[]> {
  const exists = rowsOf(await db.execute(sql`select to_regclass('blade_dict') is not null as present`))
  if (!exists[0]?.present) return []
  const rows = rowsOf(
    await db.execute(sql`select dict_key, dict_value from blade_dict
      where code = ${code} and parent_id <> 0 and is_deleted = 0 order by sort, id`),
  )
  return rows.map((r) => ({ label: String(r.dict_value), value: String(r.dict_key) }))
}

/** Label/value choices of every field with fixed options or a dictionary (for import and export). */
export async function fieldChoices(db: Db, fields: FieldDef[]): Promise<Record<string, Choice[]>> {
  const out: Record<string, Choice[]> = {}
  for (const f of fields) {
    if (f.options) out[f.name] = f.options.map((o) => ({ label: o.label.zh, value: String(o.value) }))
    else if (f.dict && !f.dict.biz) out[f.name] = await dictChoices(db, f.dict.code)
  }
  return out
}

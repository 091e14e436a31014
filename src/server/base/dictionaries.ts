import { and, asc, eq, ne } from 'drizzle-orm'
import { dict } from '../db/schema'
import { liveRows } from '../core/data'
import type { Db } from '../db/client'
import type { FieldDef } from '../../shared/resource/types'

export interface Choice {
  label: string
  value: string
}

/** The items of a system dictionary (`blade_dict`, children of the root with that code). */
export async function dictChoices(db: Db, code: string): Promise<Choice[]> {
  const rows = await db
    .select({ key: dict.dictKey, value: dict.dictValue })
    .from(dict)
    .where(and(eq(dict.code, code), ne(dict.parentId, '0'), liveRows(dict)))
    .orderBy(asc(dict.sort), asc(dict.id))
  return rows.map((r) => ({ label: r.value, value: r.key }))
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

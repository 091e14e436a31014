import { eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { ExtractResult } from '../../shared/api/quality'
import type { Data } from '../core/data'

type Row = Record<string, unknown>

/** One source row of a sheet: its key (course or room id), its source columns, first-time values. */
export interface SheetSource {
  key: string
  values: Row
  initial?: Row
}

export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    const list = out.get(key)
    if (list) list.push(item)
    else out.set(key, [item])
  }
  return out
}

/**
 * Brings a term's sheet in line with its sources in one transaction: a source without a row adds one,
 * a row with a source gets the source columns afresh (its findings stay), a row without a source is
 * flagged 来源数据已删除 (`sourceMissing` 1) and kept with its findings.
 */
export function syncSheet(
  data: Data,
  table: PgTable & { academicYearId: PgColumn; id: PgColumn },
  termId: string,
  keyColumn: PgColumn,
  sources: SheetSource[],
): Promise<ExtractResult> {
  return data.transaction(async (tx) => {
    const repo = tx.repo(table)
    const existing = (await repo.find([eq(table.academicYearId, termId)])) as Row[]
    const keyName = Object.entries(table).find(([, c]) => c === keyColumn)?.[0] ?? ''
    const byKey = new Map(existing.map((r) => [String(r[keyName]), r]))
    const result: ExtractResult = { added: 0, updated: 0, flagged: 0 }
    const fresh: Row[] = []
    for (const source of sources) {
      const row = byKey.get(source.key)
      if (row) {
        await repo.update(String(row.id), { ...source.values, sourceMissing: 0 } as never)
        result.updated += 1
      } else {
        fresh.push({ ...source.initial, ...source.values, academicYearId: termId, sourceMissing: 0 })
        result.added += 1
      }
    }
    if (fresh.length) await repo.insert(fresh as never)
    const keys = new Set(sources.map((s) => s.key))
    const vanished = existing.filter((r) => !keys.has(String(r[keyName])))
    if (vanished.length)
      await repo.update(
        vanished.map((r) => String(r.id)),
        { sourceMissing: 1 } as never,
      )
    result.flagged = vanished.length
    return result
  })
}

import { sql } from 'drizzle-orm'
import type { Data } from '../core/data'
import { assetsSequence } from '../db/schema'
import { BizError } from '../core/errors'
import { nextId } from '../core/ids'

/**
 * Takes `count` numbers of a tenant's running sequence `key` in one statement (an upsert that adds
 * to the counter), so concurrent callers never get the same number. Answers the first one taken.
 */
export async function takeNumbers(data: Data, key: string, count: number): Promise<number> {
  const [row] = await data.db
    .insert(assetsSequence)
    .values({ id: nextId(), tenantId: data.tenantId, seqKey: key, value: count })
    .onConflictDoUpdate({
      target: [assetsSequence.tenantId, assetsSequence.seqKey],
      set: { value: sql`${assetsSequence.value} + ${count}` },
    })
    .returning({ value: assetsSequence.value })
  return row.value - count + 1
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

/** `yyyyMMdd` of a date in local time. */
export const dayKey = (d = new Date()) =>
  `${d.getFullYear()}${pad(d.getMonth() + 1, 2)}${pad(d.getDate(), 2)}`

/**
 * Document numbers `<prefix><yyyyMMdd><nnnn>` (报修单 BX…, 捐赠 JZ…), one sequence per prefix and day.
 */
export async function documentNumber(data: Data, prefix: string, now = new Date()): Promise<string> {
  const day = dayKey(now)
  const n = await takeNumbers(data, `${prefix}${day}`, 1)
  return `${prefix}${day}${pad(n, 4)}`
}

/**
 * 仪器编号 for new items without one: two digits of the 购置 year and a six-digit sequence of that
 * year (`25000123`), 8 characters as SJ1's 仪器编号 C8. `taken` tells numbers already in use (typed
 * by hand or imported); those are skipped.
 */
export async function equipmentNumbers(
  data: Data,
  year: number,
  count: number,
  taken: (candidates: string[]) => Promise<Set<string>>,
): Promise<string[]> {
  const prefix = pad(year % 100, 2)
  const out: string[] = []
  while (out.length < count) {
    const want = count - out.length
    const first = await takeNumbers(data, `equipment${year}`, want)
    if (first + want - 1 > 999999) throw new BizError(`${year}年的仪器编号已用完，请手工填写仪器编号`)
    const candidates = Array.from({ length: want }, (_, i) => `${prefix}${pad(first + i, 6)}`)
    const used = await taken(candidates)
    out.push(...candidates.filter((c) => !used.has(c)))
  }
  return out
}

import { eq, like, ne, sql } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { bad } from '../../core/errors'
import { nextId } from '../../core/ids'
import { teachProject, teachProjectNumberSeq } from '../../db/schema'
import { EXPERIMENT_NUMBER_MESSAGE, EXPERIMENT_NUMBER_PATTERN } from '../../../shared/resources/teach/project'
import type { LabRef } from '../labs'

/**
 * 实验编号 (domain 2.1): the lab's SJ6 serial + a 3-digit sequence (2 digits after a 10-character
 * serial), "*" for 独立设课. The sequence is a counter row per lab serial advanced by one atomic
 * `insert … on conflict do update … returning`, outside any caller's transaction, so two server
 * processes never hand out one value and a value is never handed out again. Bodies already used by a
 * row (typed by hand, or of a deleted project) are skipped.
 */

export const bodyOf = (number: string) => number.replace(/\*$/, '')

/** The sequence width after a serial: 3 digits, 2 when the serial has 10 characters. */
const widthOf = (serial: string) => (serial.length >= 10 ? 2 : 3)

export function serialOf(lab: LabRef): string {
  const serial = (lab.serial ?? '').trim()
  if (!serial) bad('所选实验室没有实验室编号，请先在实验室信息中填写')
  return serial
}

/** The highest sequence any row (deleted ones included) used after this serial. */
async function highestUsed(data: Data, serial: string): Promise<number> {
  const width = widthOf(serial)
  const rows = await data.db
    .select({ body: teachProject.numberBody })
    .from(teachProject)
    // Every row of the tenant, deleted ones included: a deleted project's number stays used.
    .where(data.everRows(teachProject, like(teachProject.numberBody, `${serial}${'_'.repeat(width)}`)))
  let max = 0
  for (const r of rows) {
    const tail = String(r.body).slice(serial.length)
    if (/^\d+$/.test(tail)) max = Math.max(max, Number(tail))
  }
  return max
}

/**
 * Takes `count` consecutive sequence values for a serial in one statement and answers the last;
 * the counter never goes below what rows already use.
 */
async function advance(data: Data, serial: string, count: number, floor: number): Promise<number> {
  const t = teachProjectNumberSeq
  const [row] = await data.db
    .insert(t)
    .values({ id: nextId(), tenantId: data.tenantId, labSerial: serial, lastValue: floor + count })
    .onConflictDoUpdate({
      target: [t.tenantId, t.labSerial],
      set: { lastValue: sql`greatest(${t.lastValue}, ${floor}) + ${count}`, updateTime: new Date() },
    })
    .returning({ lastValue: t.lastValue })
  return row.lastValue
}

/** Whether a body is used by any row of the tenant (live or deleted), other than `exceptId`. */
export async function bodyUse(
  data: Data,
  body: string,
  exceptId?: string,
): Promise<'live' | 'deleted' | null> {
  const [row] = await data.db
    .select({ isDeleted: teachProject.isDeleted })
    .from(teachProject)
    .where(
      data.everRows(
        teachProject,
        eq(teachProject.numberBody, body),
        exceptId ? ne(teachProject.id, exceptId) : undefined,
      ),
    )
    .orderBy(teachProject.isDeleted)
    .limit(1)
  if (!row) return null
  return row.isDeleted ? 'deleted' : 'live'
}

export const numberTakenMessage = (use: 'live' | 'deleted') =>
  use === 'live' ? '实验编号已存在' : '实验编号已被使用过，不能重复使用'

/** The shape rule: 1–12 letters and digits, plus "*" exactly for 独立设课. */
export function checkNumberShape(number: string, independentCourse: number) {
  if (!new RegExp(EXPERIMENT_NUMBER_PATTERN).test(number)) bad(EXPERIMENT_NUMBER_MESSAGE)
  if (number.endsWith('*') !== (Number(independentCourse) === 1)) bad(EXPERIMENT_NUMBER_MESSAGE)
}

/** `count` fresh numbers for a lab in order (imports take a block at once). Nothing is reserved. */
export async function generateNumbers(data: Data, lab: LabRef, count: number, independent: boolean[] = []) {
  const serial = serialOf(lab)
  const width = widthOf(serial)
  const max = 10 ** width - 1
  const out: string[] = []
  // The counter alone answers in the usual case; a used body (typed by hand) makes it jump past them.
  let floor = 0
  while (out.length < count) {
    const want = count - out.length
    const last = await advance(data, serial, want, floor)
    let clash = false
    for (let v = last - want + 1; v <= last; v++) {
      if (v > max) bad('该实验室的实验编号已用完，请手工输入编号')
      const body = `${serial}${String(v).padStart(width, '0')}`
      if (await bodyUse(data, body)) clash = true
      else out.push(body)
    }
    if (clash) floor = await highestUsed(data, serial)
  }
  return out.map((body, i) => (independent[i] ? `${body}*` : body))
}

import { fixed, formatScaled, toScaled, yuanToWan } from '../../shared/resources/report/decimal'
import type { ReportSettings } from '../../shared/resources/report/settings'
import type { Data } from '../core/data'
import { lastApproved, singleRow, sj1Added, sj1Figures, sj6Figures } from './figures'
import type { College, TaskRow } from './scope'
import type { EquipmentRecord } from './sources/registry'

/**
 * The values SJ2 and SJ7 follow from (reports-portal.md 5): what extraction writes and what the SJ2 /
 * SJ7 forms show beside the entered values.
 */
export type Derived = Record<string, string | number | null>

/** The 学年's first and last month: 2024-2025 → 202409, 202508. */
export const yearMonths = (academicYear: string) => ({
  from: `${academicYear.slice(0, 4)}09`,
  to: `${academicYear.slice(5, 9)}08`,
})

/** Items of the SJ1 population held on 9月1日 (accepted before, not disposed before). */
function heldAtStart(items: EquipmentRecord[], settings: ReportSettings, yearStart: string) {
  const min = toScaled(settings.sj1MinPrice)!
  const big = toScaled(settings.bigItemPrice)!
  const excluded = new Set(settings.excludedClassPrefixes)
  let count = 0
  let sum = 0n
  let bigCount = 0
  let bigSum = 0n
  for (const e of items) {
    const price = toScaled(e.unitPrice) ?? 0n
    if (!e.acceptDate || e.acceptDate >= yearStart) continue
    if (e.disposalDate && e.disposalDate < yearStart) continue
    if (price < min || excluded.has((e.classCode ?? '').slice(0, 2))) continue
    count++
    sum += price
    if (price >= big) {
      bigCount++
      bigSum += price
    }
  }
  return { count, sum, bigCount, bigSum }
}

/**
 * SJ2 of a college: 本学年末 from its SJ1 rows, 上学年末 = last year's approved 本学年末 (else the
 * equipment held on 9月1日, when the equipment source is given), 增加 = SJ1 rows accepted in the 学年,
 * 减少 = 上学年末 + 增加 − 本学年末. The figures never imply a negative 减少 (docs/domain/report.md SJ2):
 * when 上学年末 + 增加 falls short of 本学年末 the sources disagree, so an equipment-derived 上学年末 is
 * dropped with it and 减少 is left null (to be entered by hand; the balance check then flags the row).
 * Callers pass `equipment` only when the SJ1 rows of the scope all came from that source.
 */
export async function deriveSj2(
  data: Data,
  task: TaskRow,
  college: College,
  settings: ReportSettings,
  equipment?: EquipmentRecord[],
): Promise<Derived> {
  const end = await sj1Figures(data, task.id, college.serial, settings.bigItemPrice)
  const { from, to } = yearMonths(task.academicYear)
  const added = await sj1Added(data, task.id, college.serial, from, to)
  let last: { count: number; amount: string; bigCount: number; bigAmount: string } | null = null
  const before = await lastApproved(data, task, college.serial, 'sj2')
  const row = before ? await singleRow(data, 'sj2', before.id) : null
  if (row)
    last = {
      count: Number(row.endCount ?? 0),
      amount: fixed(row.endAmount ?? 0, 2)!,
      bigCount: Number(row.endBigCount ?? 0),
      bigAmount: fixed(row.endBigAmount ?? 0, 2)!,
    }
  else if (equipment) {
    const held = heldAtStart(equipment, settings, `${task.academicYear.slice(0, 4)}-09-01`)
    last = {
      count: held.count,
      amount: yuanToWan(held.sum),
      bigCount: held.bigCount,
      bigAmount: yuanToWan(held.bigSum),
    }
  }
  const endAmount = yuanToWan(end.sum)
  const addAmount = yuanToWan(added.sum)
  const reduceCount = last ? last.count + added.count - end.count : null
  const reduceScaled = last
    ? (toScaled(last.amount) ?? 0n) + (toScaled(addAmount) ?? 0n) - (toScaled(endAmount) ?? 0n)
    : null
  const negative = (reduceCount !== null && reduceCount < 0) || (reduceScaled !== null && reduceScaled < 0n)
  if (negative && !row) last = null
  const reduce = last && !negative
  return {
    schoolCode: task.schoolCode,
    lastCount: last?.count ?? null,
    lastAmount: last?.amount ?? null,
    lastBigCount: last?.bigCount ?? null,
    lastBigAmount: last?.bigAmount ?? null,
    addCount: added.count,
    addAmount,
    reduceCount: reduce ? reduceCount : null,
    reduceAmount: reduce ? formatScaled(reduceScaled!, 2) : null,
    endCount: end.count,
    endAmount,
    endBigCount: end.bigCount,
    endBigAmount: yuanToWan(end.bigSum),
  }
}

/** SJ7 of a college from its SJ6 rows: 实验室个数, 面积, 运行经费 and 材料费. */
export async function deriveSj7(data: Data, task: TaskRow, college: College): Promise<Derived> {
  const six = await sj6Figures(data, task.id, college.serial)
  return {
    schoolCode: task.schoolCode,
    labCount: six.count,
    labArea: formatScaled(six.area, 2),
    runningFunds: formatScaled(six.running, 2),
    materialFunds: formatScaled(six.material, 2),
  }
}

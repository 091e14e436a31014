import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Data } from '../../core/data'
import {
  teachAddressCollision,
  teachBatchPlan,
  teachClassCollision,
  teachStudentCollision,
  teachTeacherCollision,
} from '../../db/schema'
import { joinWeeks, maskToWeeks } from '../../../shared/resources/schedule/weeks'
import { COLLISION_STATUS } from '../../../shared/resources/schedule/codes'
import type { CollisionNote } from '../../../shared/api/schedule'
import { COLLISION_KINDS, detectCollisions, type Collision, type CollisionKind } from './collision/engine'
import { diffCollisions, type StoredCollision } from './collision/diff'
import { batchTitle, describeCollision, partyName } from './collision/explain'
import { loadNeighbours, loadPlans, loadTermPlans, type PlanRecord } from './load'
import { namesOf } from './names'

/** The collision table of each kind (one shape). */
export const COLLISION_TABLES = {
  teacher: teachTeacherCollision,
  room: teachAddressCollision,
  class: teachClassCollision,
  student: teachStudentCollision,
} as const

export type CollisionTable = (typeof COLLISION_TABLES)[CollisionKind]

export interface CheckSummary {
  checked: number
  teacher: number
  room: number
  class: number
  student: number
  added: number
  cleared: number
  /** New and reopened rows: what the write's reply shows. */
  notes: CollisionNote[]
}

/**
 * Serialises the scheduling writes of one term (a transaction-scoped advisory lock): two staff saving
 * overlapping batches at once are checked one after the other, so the second sees the first's batch
 * and the collision is recorded. Call first thing inside the write's transaction.
 */
export async function lockTerm(data: Data, academicYearId: string): Promise<void> {
  await data.db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`schedule:${data.tenantId}:${academicYearId}`}))`,
  )
}

async function storedRows(
  data: Data,
  academicYearId: string,
  ids?: readonly string[],
): Promise<(StoredCollision & { kind: CollisionKind })[]> {
  const out: (StoredCollision & { kind: CollisionKind })[] = []
  for (const kind of COLLISION_KINDS) {
    const t = COLLISION_TABLES[kind]
    const scope = ids
      ? or(inArray(t.batchPlanId, [...ids]), inArray(t.otherBatchPlanId, [...ids]))
      : undefined
    const rows = await data.db
      .select({
        id: t.id,
        partyKey: t.partyKey,
        a: t.batchPlanId,
        b: t.otherBatchPlanId,
        weekMask: t.weekMask,
        weekday: t.weekday,
        startSection: t.startSection,
        endSection: t.endSection,
        studentNos: t.studentNos,
        status: t.status,
      })
      .from(t)
      .where(data.rows(t, eq(t.academicYearId, academicYearId), scope))
    for (const r of rows)
      out.push({
        kind,
        id: r.id,
        partyKey: r.partyKey ?? '',
        a: r.a!,
        b: r.b!,
        weekMask: Number(r.weekMask ?? 0),
        weekday: Number(r.weekday),
        startSection: Number(r.startSection),
        endSection: Number(r.endSection),
        studentNos: r.studentNos,
        status: Number(r.status),
      })
  }
  return out
}

/**
 * Checks the given plans (incrementally: only plans sharing a party and weekday are loaded) or, without
 * ids, the whole term (sort-and-sweep), and brings the four collision tables in line by natural key
 * (teaching.md 5). Runs inside the caller's transaction; marks each touched plan's collisionStatus.
 */
export async function runCheck(
  data: Data,
  academicYearId: string,
  ids?: readonly string[],
): Promise<CheckSummary> {
  let plans: PlanRecord[]
  let found: Collision[]
  if (ids) {
    const changed = ids.length
      ? await loadPlans(
          data,
          eq(teachBatchPlan.academicYearId, academicYearId),
          inArray(teachBatchPlan.id, [...ids]),
        )
      : []
    plans = await loadNeighbours(data, academicYearId, changed)
    found = detectCollisions(plans, new Set(ids))
  } else {
    plans = await loadTermPlans(data, academicYearId)
    found = detectCollisions(plans)
  }
  const stored = await storedRows(data, academicYearId, ids)
  const summary: CheckSummary = {
    checked: ids ? ids.length : plans.length,
    teacher: 0,
    room: 0,
    class: 0,
    student: 0,
    added: 0,
    cleared: 0,
    notes: [],
  }
  for (const c of found) summary[c.kind]++

  const byId = new Map(plans.map((p) => [p.id, p.row]))
  const now = new Date()
  const touched = new Set<string>(ids ?? plans.map((p) => p.id))
  for (const kind of COLLISION_KINDS) {
    const table = COLLISION_TABLES[kind]
    const repo = data.repo(table)
    const diff = diffCollisions(
      stored.filter((s) => s.kind === kind),
      found.filter((c) => c.kind === kind),
    )
    const writes = [...diff.insert, ...diff.reopen.map((r) => r.found)]
    if (writes.length) {
      const rows = writes.flatMap((c) => [byId.get(c.a)!, byId.get(c.b)!])
      const names = await namesOf(data, rows, {
        studentNos: writes.flatMap((c) => c.studentNos?.slice(0, 1) ?? []),
      })
      const valuesOf = (c: Collision) => {
        const a = byId.get(c.a)!
        const b = byId.get(c.b)!
        return {
          academicYearId,
          partyKey: c.partyKey,
          partyName: partyName(c, names),
          batchPlanId: c.a,
          otherBatchPlanId: c.b,
          batchName: `${a.courseName ?? ''}${batchTitle({ projectName: a.projectName ?? '', batchNo: Number(a.batchNo) })}`,
          otherBatchName: `${b.courseName ?? ''}${batchTitle({ projectName: b.projectName ?? '', batchNo: Number(b.batchNo) })}`,
          weeks: joinWeeks(maskToWeeks(c.weekMask)),
          weekMask: c.weekMask,
          weekday: c.weekday,
          startSection: c.startSection,
          endSection: c.endSection,
          studentNos: c.studentNos?.join(',') ?? null,
          studentCount: c.studentNos?.length ?? null,
          description: describeCollision(c, names.label(a), names.label(b), names).slice(0, 1000),
          status: COLLISION_STATUS.open,
          checkTime: now,
          clearTime: null,
        }
      }
      if (diff.insert.length) {
        const newIds = await repo.insert(diff.insert.map(valuesOf))
        diff.insert.forEach((c, i) =>
          summary.notes.push({ kind, id: newIds[i], description: valuesOf(c).description }),
        )
      }
      for (const { id, found: c } of diff.reopen) {
        const values = valuesOf(c)
        await repo.update(id, { ...values, handleUser: null, handleTime: null })
        summary.notes.push({ kind, id, description: values.description })
      }
      summary.added += writes.length
    }
    if (diff.keep.length) await repo.update(diff.keep, { checkTime: now })
    if (diff.clear.length) {
      await repo.update(diff.clear, { status: COLLISION_STATUS.cleared, clearTime: now })
      summary.cleared += diff.clear.length
    }
  }
  for (const c of found) touched.add(c.a).add(c.b)
  for (const s of stored) touched.add(s.a).add(s.b)
  await markPlans(data, academicYearId, [...touched])
  return summary
}

/** collisionStatus = 1 exactly for the plans an open row involves (among `ids`). */
export async function markPlans(data: Data, academicYearId: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return
  const open = new Set<string>()
  for (const kind of COLLISION_KINDS) {
    const t = COLLISION_TABLES[kind]
    const rows = await data.db
      .select({ a: t.batchPlanId, b: t.otherBatchPlanId })
      .from(t)
      .where(
        data.rows(
          t,
          eq(t.academicYearId, academicYearId),
          eq(t.status, COLLISION_STATUS.open),
          or(inArray(t.batchPlanId, [...ids]), inArray(t.otherBatchPlanId, [...ids])),
        ),
      )
    for (const r of rows) open.add(r.a!).add(r.b!)
  }
  const plans = data.repo(teachBatchPlan)
  const colliding = ids.filter((id) => open.has(id))
  const clean = ids.filter((id) => !open.has(id))
  if (colliding.length)
    await plans.updateWhere([inArray(teachBatchPlan.id, colliding)], { collisionStatus: 1 })
  if (clean.length) await plans.updateWhere([inArray(teachBatchPlan.id, clean)], { collisionStatus: 0 })
}

/** Removed plans: every row naming one is cleared (a side is gone); the other sides are re-marked. */
export async function clearRemoved(
  data: Data,
  academicYearId: string,
  ids: readonly string[],
): Promise<void> {
  const stored = await storedRows(data, academicYearId, ids)
  const now = new Date()
  for (const kind of COLLISION_KINDS) {
    const open = stored
      .filter((s) => s.kind === kind && s.status !== COLLISION_STATUS.cleared)
      .map((s) => s.id)
    if (open.length)
      await data
        .repo(COLLISION_TABLES[kind])
        .update(open, { status: COLLISION_STATUS.cleared, clearTime: now })
  }
  const others = new Set<string>()
  for (const s of stored) others.add(s.a).add(s.b)
  for (const id of ids) others.delete(id)
  await markPlans(data, academicYearId, [...others])
}

/** The open rows involving any of `ids`, numbered for the publish refusal. */
export async function openRowsOf(
  data: Data,
  academicYearId: string,
  ids: readonly string[],
): Promise<string[]> {
  const out: string[] = []
  for (const kind of COLLISION_KINDS) {
    const t = COLLISION_TABLES[kind]
    const rows = await data.db
      .select({ description: t.description })
      .from(t)
      .where(
        data.rows(
          t,
          and(
            eq(t.academicYearId, academicYearId),
            eq(t.status, COLLISION_STATUS.open),
            or(inArray(t.batchPlanId, [...ids]), inArray(t.otherBatchPlanId, [...ids])),
          ),
        ),
      )
    out.push(...rows.map((r) => String(r.description ?? '')))
  }
  return out
}

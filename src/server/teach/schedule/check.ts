import { eq, inArray, is, or, Placeholder, sql, type SQL } from 'drizzle-orm'
import { unionAll, type SelectedFields } from 'drizzle-orm/pg-core'
import type { Data } from '../../core/data'
import { jsonFields, togetherRead, togetherRows } from '../../db/json-reads'
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
import { diffCollisions, type CollisionDiff, type StoredCollision } from './collision/diff'
import { batchTitle, describeCollision, partyName } from './collision/explain'
import {
  loadPlans,
  loadTermPlans,
  neighbourRead,
  neighbourRecords,
  neighbourValues,
  recordsOf,
  type CheckRow,
  type ClassStudents,
  type NeighbourRow,
  type PlanRecord,
} from './load'
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
  await data.db.execute(sql`select ${termLock(data, sql`${academicYearId}`)}`)
}

/** The advisory lock of one term (a text expression naming it): every term lock is taken through this. */
export const termLock = (data: Data, academicYearId: SQL) =>
  sql`pg_advisory_xact_lock(hashtext(${`schedule:${data.tenantId}:`} || (${academicYearId})::text))`

/**
 * One read over the four collision tables (union all): `select` names each kind's columns (the rows
 * come back as `R`, tagged with their kind); `where` gives each part's conditions (tenant and live rows
 * are added).
 */
function acrossKindsRead(
  data: Data,
  select: (t: CollisionTable) => SelectedFields,
  where: (t: CollisionTable) => (SQL | undefined)[],
) {
  const [first, ...rest] = COLLISION_KINDS.map((kind) => {
    const t = COLLISION_TABLES[kind]
    return data.db
      .select({ kind: sql<CollisionKind>`${kind}`.as('kind'), ...select(t) })
      .from(t)
      .where(data.rows(t, ...where(t)))
  })
  // The parts differ only in the table they read (a type unionAll cannot unify); rows are alike.
  return unionAll(first as never, ...(rest as unknown as [never]))
}

async function acrossKinds<R>(
  data: Data,
  select: (t: CollisionTable) => SelectedFields,
  where: (t: CollisionTable) => (SQL | undefined)[],
): Promise<(R & { kind: CollisionKind })[]> {
  return (await acrossKindsRead(data, select, where)) as (R & { kind: CollisionKind })[]
}

/** Rows naming any of `ids` (a list, or a placeholder of one) on either side (of the term). */
function involving(t: CollisionTable, ids: readonly string[] | Placeholder) {
  const list = is(ids, Placeholder) ? ids : sql.param([...(ids as readonly string[])])
  return or(sql`${t.batchPlanId} = any(${list})`, sql`${t.otherBatchPlanId} = any(${list})`)
}

/** A stored collision row with its kind, as a check compares it. */
type Stored = StoredCollision & { kind: CollisionKind }

/** What a check reads of the stored rows (json-safe: `togetherRead` may answer them). */
type StoredRow = {
  kind: CollisionKind
  id: string
  partyKey: string | null
  a: string
  b: string
  weekMask: number | null
  weekday: number
  startSection: number
  endSection: number
  studentNos: string | null
  status: number
}

/** The columns a check reads of each kind's stored rows, made once (json-safe: `togetherRead`). */
const STORED_FIELDS = new Map(
  COLLISION_KINDS.map((kind) => {
    const t = COLLISION_TABLES[kind]
    return [
      t,
      jsonFields({
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
      }),
    ] as const
  }),
)

/** The read of the stored rows of a term (those involving `ids`, when given). */
const storedRead = (
  data: Data,
  academicYearId: string | Placeholder,
  ids?: readonly string[] | Placeholder,
) =>
  acrossKindsRead(
    data,
    (t) => STORED_FIELDS.get(t)!,
    (t) => [eq(t.academicYearId, academicYearId), ids ? involving(t, ids) : undefined],
  )

const storedOf = (rows: readonly StoredRow[]): Stored[] =>
  rows.map((r) => ({
    kind: r.kind,
    id: String(r.id),
    partyKey: r.partyKey ?? '',
    a: String(r.a),
    b: String(r.b),
    weekMask: Number(r.weekMask ?? 0),
    weekday: Number(r.weekday),
    startSection: Number(r.startSection),
    endSection: Number(r.endSection),
    studentNos: r.studentNos,
    status: Number(r.status),
  }))

async function storedRows(data: Data, academicYearId: string, ids?: readonly string[]): Promise<Stored[]> {
  return storedOf((await storedRead(data, academicYearId, ids)) as StoredRow[])
}

/**
 * The changed plans with their neighbours, and the stored rows involving them: one statement
 * (togetherRead), its text kept per number of weekdays the changed plans are on (Data.kept).
 */
async function incrementalReads(
  data: Data,
  academicYearId: string,
  ids: readonly string[],
  changed: readonly PlanRecord[],
  classes?: ClassStudents,
): Promise<{ plans: PlanRecord[]; stored: Stored[] }> {
  const { days, values } = neighbourValues(academicYearId, changed)
  const [row] = await data.kept<Record<string, unknown>>(
    `schedule.check.${days}`,
    () => {
      const stored = storedRead(data, sql.placeholder('year'), sql.placeholder('ids'))
      return togetherRead(days ? { plans: neighbourRead(data, days), stored } : { stored })
    },
    { ...values, ids },
  )
  const read = togetherRows<{ plans: NeighbourRow; stored: StoredRow }>(row, ['plans', 'stored'])
  return {
    plans: await neighbourRecords(data, changed, read.plans, classes),
    stored: storedOf(read.stored),
  }
}

/**
 * What a check compares: the plans it reads (the changed ones and their neighbours, or the whole
 * term), the collisions among them, and the stored rows (involving `ids`, or all of the term's).
 */
async function checkReads(
  data: Data,
  academicYearId: string,
  ids: readonly string[] | undefined,
  written: readonly CheckRow[] | undefined,
  classes: ClassStudents | undefined,
): Promise<{ plans: PlanRecord[]; found: Collision[]; stored: Stored[] }> {
  if (!ids) {
    const plans = await loadTermPlans(data, academicYearId)
    return { plans, found: detectCollisions(plans), stored: await storedRows(data, academicYearId) }
  }
  const changed = !ids.length
    ? []
    : written
      ? await recordsOf(data, written, classes)
      : await loadPlans(
          data,
          eq(teachBatchPlan.academicYearId, academicYearId),
          inArray(teachBatchPlan.id, [...ids]),
        )
  const { plans, stored } = await incrementalReads(data, academicYearId, ids, changed, classes)
  return { plans, found: detectCollisions(plans, new Set(ids)), stored }
}

/**
 * Checks the given plans (incrementally: only plans sharing a party and weekday are loaded) or, without
 * ids, the whole term (sort-and-sweep), and brings the four collision tables in line by natural key
 * (teaching.md 5). Runs inside the caller's transaction; keeps each plan's collisionStatus in line.
 */
export async function runCheck(
  data: Data,
  academicYearId: string,
  ids?: readonly string[],
  /** The rows of `ids` as the caller has just written them (saves reading them again). */
  written?: readonly CheckRow[],
  /** Students of classes the caller has read in this write. */
  classes?: ClassStudents,
): Promise<CheckSummary> {
  const { plans, found, stored: storedAll } = await checkReads(data, academicYearId, ids, written, classes)
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
  const marks = new OpenAfter()
  for (const kind of COLLISION_KINDS) {
    const table = COLLISION_TABLES[kind]
    const repo = data.repo(table)
    const stored = storedAll.filter((s) => s.kind === kind)
    const diff = diffCollisions(
      stored,
      found.filter((c) => c.kind === kind),
    )
    marks.add(stored, diff)
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
  const known = new Map(plans.map((p) => [p.id, Number(p.row.collisionStatus)]))
  const scope = ids ?? plans.map((p) => p.id)
  const { colliding, clean, unsure } = marks.statuses(scope)
  await writeMarks(data, colliding, clean, known)
  // A plan outside the scope that lost an open row may still have others: those are read.
  if (unsure.length) await markPlans(data, academicYearId, unsure, known)
  return summary
}

/**
 * Which plans an open row involves once a check's diff is written, without reading the rows again:
 * every row involving a plan of the check's scope was read (`stored`), so their state after the diff
 * is known; a plan outside the scope is open when a new or reopened row names it, and unsure when it
 * only lost an open row (it may have others).
 */
class OpenAfter {
  private readonly open = new Set<string>()
  private readonly lost = new Set<string>()

  add(stored: readonly StoredCollision[], diff: CollisionDiff): void {
    const cleared = new Set(diff.clear)
    const reopened = new Set(diff.reopen.map((r) => r.id))
    for (const s of stored) {
      const status = cleared.has(s.id)
        ? COLLISION_STATUS.cleared
        : reopened.has(s.id)
          ? COLLISION_STATUS.open
          : s.status
      if (status === COLLISION_STATUS.open) this.open.add(s.a).add(s.b)
      else if (s.status === COLLISION_STATUS.open) this.lost.add(s.a).add(s.b)
    }
    for (const c of diff.insert) this.open.add(c.a).add(c.b)
  }

  statuses(scope: readonly string[]): { colliding: string[]; clean: string[]; unsure: string[] } {
    const inScope = new Set(scope)
    const colliding = [...this.open]
    const clean = scope.filter((id) => !this.open.has(id))
    const unsure = [...this.lost].filter((id) => !inScope.has(id) && !this.open.has(id))
    return { colliding, clean, unsure }
  }
}

/** Writes collisionStatus 1 / 0 where `known` (the stored value, when read) differs. */
async function writeMarks(
  data: Data,
  colliding: readonly string[],
  clean: readonly string[],
  known: ReadonlyMap<string, number>,
): Promise<void> {
  const plans = data.repo(teachBatchPlan)
  const stale = (status: number) => (id: string) => known.get(id) !== status
  const on = colliding.filter(stale(1))
  const off = clean.filter(stale(0))
  if (on.length) await plans.updateWhere([inArray(teachBatchPlan.id, on)], { collisionStatus: 1 })
  if (off.length) await plans.updateWhere([inArray(teachBatchPlan.id, off)], { collisionStatus: 0 })
}

/**
 * collisionStatus = 1 exactly for the plans an open row involves (among `ids`). `known` holds the
 * stored collisionStatus of plans the caller has read in this transaction: those already right are
 * not written.
 */
export async function markPlans(
  data: Data,
  academicYearId: string,
  ids: readonly string[],
  known: ReadonlyMap<string, number> = new Map(),
): Promise<void> {
  if (!ids.length) return
  const open = new Set<string>()
  const rows = await acrossKinds<{ a: string; b: string }>(
    data,
    (t) => ({ a: t.batchPlanId, b: t.otherBatchPlanId }),
    (t) => [eq(t.academicYearId, academicYearId), eq(t.status, COLLISION_STATUS.open), involving(t, ids)],
  )
  for (const r of rows) open.add(r.a!).add(r.b!)
  await writeMarks(
    data,
    ids.filter((id) => open.has(id)),
    ids.filter((id) => !open.has(id)),
    known,
  )
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
  const rows = await acrossKinds<{ description: string | null }>(
    data,
    (t) => ({ description: t.description }),
    (t) => [eq(t.academicYearId, academicYearId), eq(t.status, COLLISION_STATUS.open), involving(t, ids)],
  )
  return COLLISION_KINDS.flatMap((kind) =>
    rows.filter((r) => r.kind === kind).map((r) => String(r.description ?? '')),
  )
}

/**
 * The collision rule of teaching.md section 5, as pure functions over a term's live batch plans.
 *
 * Two plans p ≠ q overlap iff their week masks intersect, the weekday is equal and the section ranges
 * overlap (s1 ≤ e2 ∧ s2 ≤ e1). An overlapping pair collides on a teacher or a room in both (a row per
 * party), on a class in both when neither has assigned students, and on their effective students
 * E(p) ∩ E(q) when either has assigned students (one row per pair, naming the students).
 *
 * Term-wide the pairs come from a sort-and-sweep per (weekday, party): each bucket sorted by start
 * section, a sweep keeps the plans still running at the current start and tests week masks. The same
 * function checks incrementally: given `focus`, only pairs with a focused plan are answered (the caller
 * loads just the plans sharing a party and weekday with the changed ones).
 */

export type CollisionKind = 'teacher' | 'room' | 'class' | 'student'

export const COLLISION_KINDS: readonly CollisionKind[] = ['teacher', 'room', 'class', 'student']

/** What the engine needs of one batch plan. */
export interface PlanSlot {
  id: string
  weekMask: number
  weekday: number
  startSection: number
  endSection: number
  teachers: readonly string[]
  rooms: readonly string[]
  classes: readonly string[]
  /** The plan has assigned students (teach_batch_ass_student rows). */
  assigned: boolean
  /** E(p): the assigned students, or every live student of its classes. */
  students: readonly string[]
}

/** One collision: a pair (a < b by id) × a party, with what they share. */
export interface Collision {
  kind: CollisionKind
  /** Teacher id, room id or class number; '' for a student row (the pair is the key). */
  partyKey: string
  a: string
  b: string
  /** The common weeks. */
  weekMask: number
  weekday: number
  /** The common sections. */
  startSection: number
  endSection: number
  /** Student rows: the shared students, sorted. */
  studentNos?: string[]
}

/** Ids are 64-bit decimals: shorter is smaller, equal lengths compare as text. */
export function idLess(a: string, b: string): boolean {
  return a.length !== b.length ? a.length < b.length : a < b
}

export function compareIds(a: string, b: string): number {
  return a === b ? 0 : idLess(a, b) ? -1 : 1
}

/** The natural key of a collision row (kind, partyKey, both ids). */
export const collisionKey = (c: Pick<Collision, 'kind' | 'partyKey' | 'a' | 'b'>): string =>
  `${c.kind}|${c.partyKey}|${c.a}|${c.b}`

/** Do two plans overlap in time (weeks, weekday, sections)? */
export function overlaps(p: PlanSlot, q: PlanSlot): boolean {
  return (
    (p.weekMask & q.weekMask) !== 0 &&
    p.weekday === q.weekday &&
    p.startSection <= q.endSection &&
    q.startSection <= p.endSection
  )
}

function byStart(p: PlanSlot, q: PlanSlot): number {
  return p.startSection - q.startSection || compareIds(p.id, q.id)
}

/** Calls `visit` for every pair of a bucket that overlaps in weeks and sections (same weekday given). */
function sweep(bucket: PlanSlot[], visit: (p: PlanSlot, q: PlanSlot) => void): void {
  if (bucket.length < 2) return
  bucket.sort(byStart)
  let active: PlanSlot[] = []
  for (const p of bucket) {
    if (active.length) active = active.filter((q) => q.endSection >= p.startSection)
    for (const q of active) if ((p.weekMask & q.weekMask) !== 0) visit(p, q)
    active.push(p)
  }
}

function pairOf(p: PlanSlot, q: PlanSlot): [PlanSlot, PlanSlot] {
  return idLess(p.id, q.id) ? [p, q] : [q, p]
}

function common(kind: CollisionKind, partyKey: string, p: PlanSlot, q: PlanSlot): Collision {
  const [a, b] = pairOf(p, q)
  return {
    kind,
    partyKey,
    a: a.id,
    b: b.id,
    weekMask: (a.weekMask & b.weekMask) >>> 0,
    weekday: a.weekday,
    startSection: Math.max(a.startSection, b.startSection),
    endSection: Math.min(a.endSection, b.endSection),
  }
}

type Buckets = Map<string, PlanSlot[]>

function put(buckets: Buckets, key: string, plan: PlanSlot): void {
  const list = buckets.get(key)
  if (list) list.push(plan)
  else buckets.set(key, [plan])
}

/**
 * Every collision among `plans` (one term), or with `focus` only those involving a focused plan.
 * Answers rows sorted by natural key.
 */
export function detectCollisions(plans: readonly PlanSlot[], focus?: ReadonlySet<string>): Collision[] {
  const wanted = focus ? (p: PlanSlot, q: PlanSlot) => focus.has(p.id) || focus.has(q.id) : () => true
  const out: Collision[] = []

  // Teachers, rooms, classes: one bucket per (kind, weekday, party).
  const parties: Buckets = new Map()
  for (const p of plans) {
    for (const t of new Set(p.teachers)) put(parties, `teacher\u0000${p.weekday}\u0000${t}`, p)
    for (const r of new Set(p.rooms)) put(parties, `room\u0000${p.weekday}\u0000${r}`, p)
    if (!p.assigned) for (const c of new Set(p.classes)) put(parties, `class\u0000${p.weekday}\u0000${c}`, p)
  }
  for (const [key, bucket] of parties) {
    const [kind, , party] = key.split('\u0000') as [CollisionKind, string, string]
    sweep(bucket, (p, q) => {
      if (wanted(p, q)) out.push(common(kind, party, p, q))
    })
  }

  // Students: only (weekday, student) buckets holding a plan with assigned students can yield a row.
  const assignedKeys = new Set<string>()
  for (const p of plans)
    if (p.assigned) for (const s of p.students) assignedKeys.add(`${p.weekday}\u0000${s}`)
  if (assignedKeys.size) {
    const students: Buckets = new Map()
    for (const p of plans)
      for (const s of new Set(p.students)) {
        const key = `${p.weekday}\u0000${s}`
        if (assignedKeys.has(key)) put(students, key, p)
      }
    const pairs = new Map<string, Collision>()
    for (const [key, bucket] of students) {
      const student = key.slice(key.indexOf('\u0000') + 1)
      sweep(bucket, (p, q) => {
        if (!(p.assigned || q.assigned) || !wanted(p, q)) return
        const row = common('student', '', p, q)
        const k = `${row.a}|${row.b}`
        const seen = pairs.get(k)
        if (seen) seen.studentNos!.push(student)
        else pairs.set(k, { ...row, studentNos: [student] })
      })
    }
    for (const row of pairs.values()) {
      row.studentNos!.sort()
      out.push(row)
    }
  }

  return out
    .map((row) => [collisionKey(row), row] as const)
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([, row]) => row)
}

/** The plans that share a weekday and a party (teacher, room, class or student) with any of `changed`. */
export function neighboursOf(plans: readonly PlanSlot[], changed: readonly PlanSlot[]): PlanSlot[] {
  const keys = new Set<string>()
  const keysOf = (p: PlanSlot): string[] => [
    ...p.teachers.map((t) => `t${p.weekday}:${t}`),
    ...p.rooms.map((r) => `r${p.weekday}:${r}`),
    ...p.classes.map((c) => `c${p.weekday}:${c}`),
    ...p.students.map((s) => `s${p.weekday}:${s}`),
  ]
  for (const p of changed) for (const k of keysOf(p)) keys.add(k)
  const ids = new Set(changed.map((p) => p.id))
  return plans.filter((p) => ids.has(p.id) || keysOf(p).some((k) => keys.has(k)))
}

import { describe, expect, it } from 'vitest'
import { maskToWeeks, weeksToMask } from '../../../../shared/resources/schedule/weeks'
import { collisionKey, detectCollisions, idLess, neighboursOf, type Collision, type PlanSlot } from './engine'
import { diffCollisions, type StoredCollision } from './diff'
import { describeCollision, partyName, type PartyNames } from './explain'

/** A small deterministic generator (mulberry32), so a failing term can be replayed by its seed. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A random term: up to 300 plans over few teachers, rooms and classes so that collisions are common. */
function randomTerm(seed: number): PlanSlot[] {
  const r = rng(seed)
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1))
  const pick = <T>(list: readonly T[], n: number): T[] => {
    const copy = [...list]
    const out: T[] = []
    while (out.length < n && copy.length) out.push(copy.splice(int(0, copy.length - 1), 1)[0])
    return out
  }
  const weeks = int(4, 18)
  const sections = int(4, 12)
  const teachers = Array.from({ length: int(5, 60) }, (_, i) => `T${i}`)
  const rooms = Array.from({ length: int(4, 40) }, (_, i) => `R${i}`)
  const classSize = int(1, 4)
  const classes = Array.from({ length: int(4, 60) }, (_, i) => `C${i}`)
  const studentsOf = (c: string) => Array.from({ length: classSize }, (_, i) => `${c}S${i}`)
  const n = int(0, 300)
  const plans: PlanSlot[] = []
  for (let i = 0; i < n; i++) {
    const start = int(1, sections)
    const end = Math.min(sections, start + int(0, 3))
    const ws = Array.from({ length: weeks }, (_, w) => w + 1).filter(() => r() < 0.4)
    if (!ws.length) ws.push(int(1, weeks))
    const cls = pick(classes, int(1, 2))
    const assigned = r() < 0.2
    const all = cls.flatMap(studentsOf)
    const students = assigned ? pick(all, int(1, all.length)) : all
    plans.push({
      id: String(1000 + i * 7 + int(0, 6)),
      weekMask: weeksToMask(ws),
      weekday: int(1, 5),
      startSection: start,
      endSection: end,
      teachers: pick(teachers, int(1, 2)),
      rooms: pick(rooms, int(1, 2)),
      classes: cls,
      assigned,
      students,
    })
  }
  // Ids must be unique: the generator's ids may repeat across steps of 7 only by accident.
  const seen = new Set<string>()
  return plans.filter((p) => !seen.has(p.id) && seen.add(p.id))
}

/**
 * The reference: expand every plan into (week, weekday, section) cells per party, pair the plans that
 * share a cell, and gather each pair's shared weeks and sections. No sorting, no sweeping, no masks.
 */
function bruteForce(plans: readonly PlanSlot[]): Collision[] {
  // Cells are numbered (party, week, weekday, section) so the expansion stays cheap enough for 1,000 terms.
  const partyIds = new Map<string, number>()
  const partyOf: string[] = []
  const partyNo = (key: string) => {
    let n = partyIds.get(key)
    if (n === undefined) {
      n = partyOf.length
      partyIds.set(key, n)
      partyOf.push(key)
    }
    return n
  }
  const cells = new Map<number, PlanSlot[]>()
  const add = (party: number, cell: number, p: PlanSlot) => {
    const key = party * 8192 + cell
    const list = cells.get(key)
    if (list) list.push(p)
    else cells.set(key, [p])
  }
  for (const p of plans) {
    const parties = [
      ...p.teachers.map((t) => partyNo(`teacher|${t}`)),
      ...p.rooms.map((r) => partyNo(`room|${r}`)),
      ...p.classes.map((c) => partyNo(`class|${c}`)),
      ...p.students.map((st) => partyNo(`student|${st}`)),
    ]
    for (const w of maskToWeeks(p.weekMask))
      for (let s = p.startSection; s <= p.endSection; s++)
        for (const party of parties) add(party, (w * 8 + p.weekday) * 17 + s, p)
  }
  const index = new Map(plans.map((p, i) => [p, i]))
  const STUDENT_PAIR = partyOf.length
  const pairs = new Map<
    number,
    {
      kind: string
      party: string
      a: PlanSlot
      b: PlanSlot
      weeks: Set<number>
      sections: Set<number>
      students: Set<string>
    }
  >()
  for (const [key, list] of cells) {
    if (list.length < 2) continue
    const partyNumber = Math.floor(key / 8192)
    const [kind, party] = partyOf[partyNumber].split('|')
    const cell = key % 8192
    const [w, s] = [Math.floor(cell / 17 / 8), cell % 17]
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = idLess(list[i].id, list[j].id) ? [list[i], list[j]] : [list[j], list[i]]
        if (kind === 'class' && (a.assigned || b.assigned)) continue
        if (kind === 'student' && !(a.assigned || b.assigned)) continue
        const pk =
          ((kind === 'student' ? STUDENT_PAIR : partyNumber) * 512 + index.get(a)!) * 512 + index.get(b)!
        const entry = pairs.get(pk) ?? {
          kind,
          party: kind === 'student' ? '' : party,
          a,
          b,
          weeks: new Set(),
          sections: new Set(),
          students: new Set(),
        }
        entry.weeks.add(w)
        entry.sections.add(s)
        if (kind === 'student') entry.students.add(party)
        pairs.set(pk, entry)
      }
  }
  return [...pairs.values()]
    .map((e) => {
      const row: Collision = {
        kind: e.kind as Collision['kind'],
        partyKey: e.party,
        a: e.a.id,
        b: e.b.id,
        weekMask: weeksToMask([...e.weeks]),
        weekday: e.a.weekday,
        startSection: Math.min(...e.sections),
        endSection: Math.max(...e.sections),
      }
      if (e.kind === 'student') row.studentNos = [...e.students].sort()
      return row
    })
    .map((row) => [collisionKey(row), row] as const)
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([, row]) => row)
}

describe('collision engine', () => {
  it('equals the cell-by-cell brute force on 1,000 random terms of up to 300 plans', () => {
    let rows = 0
    for (let seed = 1; seed <= 1000; seed++) {
      const plans = randomTerm(seed)
      const found = detectCollisions(plans)
      const reference = bruteForce(plans)
      if (found.length !== reference.length || JSON.stringify(found) !== JSON.stringify(reference))
        expect({ seed, found }).toEqual({ seed, found: reference })
      rows += found.length
    }
    expect(rows).toBeGreaterThan(10000)
    // CPU-bound (about 20 s on an idle core); the shared CI machine may be several times slower.
  }, 600_000)

  it('checks incrementally what the term-wide check finds for the changed plans', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const plans = randomTerm(seed)
      if (plans.length < 4) continue
      const changed = plans.filter((_, i) => i % 17 === 3)
      const focus = new Set(changed.map((p) => p.id))
      const termWide = detectCollisions(plans).filter((c) => focus.has(c.a) || focus.has(c.b))
      expect(detectCollisions(neighboursOf(plans, changed), focus)).toEqual(termWide)
    }
  })

  it('ignores plans that only touch at a section boundary or share no week', () => {
    const base = { teachers: ['T'], rooms: ['R'], classes: ['C'], assigned: false, students: ['s1'] }
    const p: PlanSlot = {
      ...base,
      id: '1',
      weekMask: weeksToMask([3, 4]),
      weekday: 2,
      startSection: 1,
      endSection: 2,
    }
    expect(detectCollisions([p, { ...p, id: '2', startSection: 3, endSection: 4 }])).toEqual([])
    expect(detectCollisions([p, { ...p, id: '2', weekMask: weeksToMask([5]) }])).toEqual([])
    expect(detectCollisions([p, { ...p, id: '2', weekday: 3 }])).toEqual([])
    expect(
      detectCollisions([p, { ...p, id: '2', startSection: 2, endSection: 5 }]).map((c) => c.kind),
    ).toEqual(['class', 'room', 'teacher'])
  })

  it('checks split classes per student and names the shared ones', () => {
    const base = { weekMask: weeksToMask([3]), weekday: 2, startSection: 1, endSection: 2, classes: ['C'] }
    const half1: PlanSlot = {
      ...base,
      id: '1',
      teachers: ['T1'],
      rooms: ['R1'],
      assigned: true,
      students: ['s1', 's2'],
    }
    const half2: PlanSlot = {
      ...base,
      id: '2',
      teachers: ['T2'],
      rooms: ['R2'],
      assigned: true,
      students: ['s3', 's4'],
    }
    expect(detectCollisions([half1, half2])).toEqual([])
    const both = { ...half2, students: ['s2', 's3', 's4'] }
    const rows = detectCollisions([half1, both])
    expect(rows).toEqual([
      {
        kind: 'student',
        partyKey: '',
        a: '1',
        b: '2',
        weekMask: 4,
        weekday: 2,
        startSection: 1,
        endSection: 2,
        studentNos: ['s2'],
      },
    ])
  })
})

describe('collision diff', () => {
  const found: Collision = {
    kind: 'teacher',
    partyKey: 'T',
    a: '1',
    b: '2',
    weekMask: 12,
    weekday: 2,
    startSection: 1,
    endSection: 2,
  }
  const stored = (over: Partial<StoredCollision>): StoredCollision => ({
    id: '9',
    ...found,
    studentNos: null,
    status: 0,
    ...over,
  })

  it('keeps the status of an unchanged row, reopens a changed or returning one, clears a gone one', () => {
    expect(diffCollisions([], [found]).insert).toEqual([found])
    expect(diffCollisions([stored({ status: 1 })], [found]).keep).toEqual(['9'])
    expect(diffCollisions([stored({ status: 1, weekMask: 4 })], [found]).reopen.map((r) => r.id)).toEqual([
      '9',
    ])
    expect(diffCollisions([stored({ status: 2 })], [found]).reopen.map((r) => r.id)).toEqual(['9'])
    expect(diffCollisions([stored({ status: 1 })], []).clear).toEqual(['9'])
    expect(diffCollisions([stored({ status: 2 })], []).clear).toEqual([])
  })
})

describe('collision sentences', () => {
  const names: PartyNames = {
    teacher: (id) => (id === 't1' ? { name: '李四', no: 'T0123' } : undefined),
    room: (id) => ({ r1: 'A301' })[id],
    className: (no) => no,
    student: (no) => ({ '2022010101': '张三' })[no],
  }
  const a = { projectName: '电路实验', batchNo: 1, classNames: ['计科2201'], roomNames: ['A301'] }
  const b = { projectName: '模拟电子技术实验', batchNo: 2, classNames: ['软工2202'], roomNames: ['A305'] }
  const when = { a: '1', b: '2', weekMask: weeksToMask([3, 4]), weekday: 2, startSection: 1, endSection: 2 }

  it('says who, when and which two batches', () => {
    expect(describeCollision({ ...when, kind: 'teacher', partyKey: 't1' }, a, b, names)).toBe(
      '教师 李四（T0123）在第3-4周星期二第1-2节同时安排了『电路实验·第1批』（计科2201，A301）和『模拟电子技术实验·第2批』（软工2202，A305）',
    )
    expect(describeCollision({ ...when, kind: 'room', partyKey: 'r1' }, a, b, names)).toBe(
      '房间 A301 在第3-4周星期二第1-2节被『电路实验·第1批』（计科2201，A301）和『模拟电子技术实验·第2批』（软工2202，A305）同时占用',
    )
    expect(describeCollision({ ...when, kind: 'class', partyKey: '计科2201' }, a, b, names)).toContain(
      '班级 计科2201 在第3-4周星期二第1-2节同时有『电路实验·第1批』',
    )
    const students = {
      ...when,
      kind: 'student' as const,
      partyKey: '',
      studentNos: ['2022010101', '2022010102', '2022010103', '2022010104', '2022010105'],
    }
    expect(partyName(students, names)).toBe('张三（2022010101）等5人')
    expect(describeCollision(students, a, b, names)).toMatch(
      /^学生 张三（2022010101）等5人 在第3-4周星期二第1-2节同时被安排在『电路实验·第1批』/,
    )
  })
})

import { describe, expect, it } from 'vitest'
import { dateOf, firstHoliday, type TermCalendar } from '../../../../shared/resources/schedule/calendar'
import { weeksToMask } from '../../../../shared/resources/schedule/weeks'
import { detectCollisions, type PlanSlot } from './engine'
import { BusyIndex, cellGrid, freeRooms, freeTimes, weekStrip } from './busy'

const calendar: TermCalendar = {
  academicYearId: '1',
  firstWeekMonday: '2025-09-01',
  weeks: 18,
  teachingWeekdays: [1, 2, 3, 4, 5],
  morningSections: 4,
  afternoonSections: 4,
  eveningSections: 3,
  holidays: ['2025-10-01'],
  sectionTimes: [],
}

const plan = (over: Partial<PlanSlot> & { id: string }): PlanSlot => ({
  weekMask: weeksToMask([3, 4, 5, 6, 7, 8, 9, 10]),
  weekday: 2,
  startSection: 1,
  endSection: 2,
  teachers: ['t1'],
  rooms: ['r1'],
  classes: ['c1'],
  assigned: false,
  students: ['s1', 's2'],
  ...over,
})

describe('busy index and free slots', () => {
  it('puts week 5 星期三 on a holiday (2025-10-01)', () => {
    expect(dateOf(calendar, 5, 3)).toBe('2025-10-01')
    expect(firstHoliday(calendar, [3, 4, 5], 3)).toEqual({ week: 5, date: '2025-10-01' })
  })

  it('marks busy cells with reasons and holiday cells as not free', () => {
    const index = new BusyIndex([plan({ id: '1' })])
    const candidate = plan({ id: 'new', teachers: ['t1'], rooms: ['r9'], classes: ['c9'], students: ['x'] })
    const cells = cellGrid(calendar, index, candidate, (c) => `${c.kind}:${c.partyKey}`)
    const tue1 = cells.find((c) => c.weekday === 2 && c.section === 1)!
    expect(tue1).toMatchObject({ free: false, holiday: false, reasons: ['teacher:t1'] })
    expect(cells.find((c) => c.weekday === 2 && c.section === 3)!.free).toBe(true)
    expect(cells.filter((c) => c.weekday === 3).every((c) => c.holiday && !c.free)).toBe(true)
    const strip = weekStrip(calendar, index, { ...candidate, weekday: 3 }, () => 'x')
    expect(strip.find((w) => w.week === 5)).toMatchObject({ holiday: true, free: false })
    expect(strip.find((w) => w.week === 6)).toMatchObject({ holiday: false, free: true })
  })

  it('never suggests a busy or holiday time, nearest first', () => {
    let seed = 7
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let round = 0; round < 50; round++) {
      const plans: PlanSlot[] = []
      for (let i = 0; i < 120; i++) {
        const start = 1 + Math.floor(rand() * 10)
        plans.push(
          plan({
            id: String(100 + i),
            weekMask: weeksToMask([1 + Math.floor(rand() * 18), 1 + Math.floor(rand() * 18), 3]),
            weekday: 1 + Math.floor(rand() * 5),
            startSection: start,
            endSection: Math.min(11, start + Math.floor(rand() * 2)),
            teachers: [`t${Math.floor(rand() * 6)}`],
            rooms: [`r${Math.floor(rand() * 6)}`],
            classes: [`c${Math.floor(rand() * 6)}`],
            students: [],
          }),
        )
      }
      const index = new BusyIndex(plans)
      const target = plans[round]
      const times = freeTimes(calendar, index, target)
      for (const t of times) {
        const moved = { ...target, ...t }
        expect(firstHoliday(calendar, [3], t.weekday)).toBeNull()
        expect(t.startSection <= 4 ? t.endSection <= 4 : t.startSection <= 8 ? t.endSection <= 8 : true).toBe(
          true,
        )
        const others = plans.filter((p) => p.id !== target.id)
        expect(detectCollisions([...others, moved], new Set([target.id]))).toEqual([])
      }
      const sameDayFirst = times.findIndex((t) => t.weekday !== target.weekday)
      if (sameDayFirst > 0)
        expect(times.slice(0, sameDayFirst).every((t) => t.weekday === target.weekday)).toBe(true)
    }
  })

  it('suggests free rooms big enough, same lab first, then smaller', () => {
    const index = new BusyIndex([
      plan({ id: '1', rooms: ['r2'], teachers: ['x'], classes: ['y'], students: [] }),
    ])
    const target = plan({ id: '2' })
    const rooms = [
      { id: 'r1', labId: 'L1', capacity: 30 },
      { id: 'r2', labId: 'L1', capacity: 30 },
      { id: 'r3', labId: 'L2', capacity: 40 },
      { id: 'r4', labId: 'L1', capacity: 60 },
      { id: 'r5', labId: 'L1', capacity: 10 },
      { id: 'r6', labId: 'L2', capacity: 35 },
    ]
    expect(freeRooms(index, target, rooms, { studentCount: 30, labId: 'L1' }).map((r) => r.id)).toEqual([
      'r4',
      'r6',
      'r3',
    ])
  })
})

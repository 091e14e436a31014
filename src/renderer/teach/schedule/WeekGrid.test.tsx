import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TermCalendar } from '../../../shared/resources/schedule/calendar'
import { WeekGrid, type GridEntry } from './WeekGrid'
import { WeekSelector } from './WeekSelector'
import { placeEntries } from './gridLayout'

afterEach(cleanup)

const calendar: TermCalendar = {
  academicYearId: '1',
  firstWeekMonday: '2025-09-01',
  weeks: 18,
  teachingWeekdays: [1, 2, 3, 4, 5],
  morningSections: 4,
  afternoonSections: 4,
  eveningSections: 3,
  holidays: ['2025-10-01'],
  sectionTimes: [
    { section: 1, startTime: '08:00', endTime: '08:45' },
    { section: 2, startTime: '08:55', endTime: '09:40' },
  ],
}

const entry = (over: Partial<GridEntry> & { id: string }): GridEntry => ({
  title: '电路实验 第1批',
  weeks: '3,4,5,6,7,8,9,10',
  weekday: 2,
  startSection: 1,
  endSection: 2,
  rooms: ['A301'],
  classes: ['计科2201'],
  ...over,
})

function Harness({ entries }: { entries: GridEntry[] }) {
  const [week, setWeek] = useState<number | null>(3)
  return (
    <FluentProvider theme={webLightTheme}>
      <WeekSelector weeks={18} value={week} onChange={setWeek} />
      <WeekGrid entries={entries} calendar={calendar} week={week} label="课表" />
    </FluentProvider>
  )
}

const cellOf = (id: string) => document.querySelector(`[data-entry="${id}"]`) as HTMLElement | null

describe('week grid', () => {
  it('spans an entry over its sections and shows its rooms and classes', () => {
    render(<Harness entries={[entry({ id: 'a', startSection: 3, endSection: 4 })]} />)
    const cell = cellOf('a')!
    expect(cell.dataset.start).toBe('3')
    expect(cell.dataset.span).toBe('2')
    expect(cell.textContent).toContain('电路实验 第1批')
    expect(cell.textContent).toContain('A301')
    expect(cell.textContent).toContain('计科2201')
    expect(screen.getByText('08:00-08:45')).toBeTruthy()
    expect(screen.getByText('上午')).toBeTruthy()
    expect(screen.getByText('晚上')).toBeTruthy()
  })

  it('puts entries sharing cells side by side, marked 冲突 only when they share a week', () => {
    const placed = placeEntries([
      entry({ id: 'a' }),
      entry({ id: 'b', startSection: 2, endSection: 3, weeks: '3' }),
      entry({ id: 'c', weeks: '11,12' }),
      entry({ id: 'd', startSection: 5, endSection: 6 }),
    ])
    const by = Object.fromEntries(placed.map((p) => [p.entry.id, p]))
    expect([by.a.lane, by.b.lane, by.c.lane].sort()).toEqual([0, 1, 2])
    expect(by.a.lanes).toBe(3)
    expect(by.d).toMatchObject({ lane: 0, lanes: 1, conflict: false })
    expect(by.a.conflict).toBe(true)
    expect(by.b.conflict).toBe(true)
    expect(by.c.conflict).toBe(false)
    render(
      <FluentProvider theme={webLightTheme}>
        <WeekGrid
          entries={[entry({ id: 'a' }), entry({ id: 'b', weeks: '3' })]}
          calendar={calendar}
          week={null}
        />
      </FluentProvider>,
    )
    expect(screen.getAllByText('冲突')).toHaveLength(2)
    expect(cellOf('a')!.dataset.lanes).toBe('2')
  })

  it('filters by week, shows dates and holidays, and 全部周 shows the weeks of each entry', () => {
    render(
      <Harness entries={[entry({ id: 'a', weeks: '3,4' }), entry({ id: 'b', weeks: '5', weekday: 3 })]} />,
    )
    expect(cellOf('a')).toBeTruthy()
    expect(cellOf('b')).toBeNull()
    expect(screen.getByText('09-16')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '下一周' }))
    fireEvent.click(screen.getByRole('button', { name: '下一周' }))
    expect(cellOf('a')).toBeNull()
    expect(cellOf('b')).toBeTruthy()
    expect(screen.getByText('10-01')).toBeTruthy()
    expect(screen.getByText('节假日')).toBeTruthy()
    fireEvent.change(screen.getByRole('combobox', { name: '周次' }), { target: { value: '' } })
    expect(cellOf('a')!.textContent).toContain('第3-4周')
    expect(cellOf('b')!.textContent).toContain('第5周')
  })

  it('adds a column for an entry on a non-teaching weekday', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <WeekGrid entries={[entry({ id: 's', weekday: 6 })]} calendar={calendar} week={null} />
      </FluentProvider>,
    )
    expect(screen.getByText('星期六')).toBeTruthy()
    expect(screen.queryByText('星期日')).toBeNull()
  })
})

import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { MyWeek, MyWeekItem } from '../../shared/api/home'
import { gridDays, gridSections, WeekGrid } from './WeekGrid'

afterEach(cleanup)

const item = (over: Partial<MyWeekItem>): MyWeekItem => ({
  date: '2025-09-16',
  weekday: 2,
  startSection: 1,
  endSection: 2,
  startTime: '08:00',
  endTime: '09:35',
  title: '电路实验·第1批',
  place: 'A301',
  kind: 'batch',
  link: '/teach/myTimetable',
  ...over,
})

const week = (items: MyWeekItem[], sections = 4): MyWeek => ({
  weekStart: '2025-09-15',
  week: 3,
  sections: Array.from({ length: sections }, (_, i) => ({
    section: i + 1,
    startTime: `0${8 + i}:00`,
    endTime: `0${8 + i}:45`,
  })),
  items,
  upcomingExams: [],
})

const draw = (w: MyWeek) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <WeekGrid week={w} label="本周课表" />
    </FluentProvider>,
  )

/** The text of the grid's cell at (row header, column header). */
function cell(rowName: RegExp, column: string) {
  const table = screen.getByRole('table', { name: '本周课表' })
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent ?? '')
  const col = headers.findIndex((h) => h.startsWith(column))
  const row = within(table)
    .getAllByRole('row')
    .find((r) => rowName.test(within(r).queryByRole('rowheader')?.textContent ?? ''))!
  return within(row).getAllByRole('cell')[col - 1].textContent ?? ''
}

describe('WeekGrid', () => {
  it('puts each item in the cell of its first section and weekday, with dates in the header', () => {
    draw(
      week([
        item({}),
        item({
          kind: 'booking',
          weekday: 4,
          date: '2025-09-18',
          startSection: 3,
          endSection: 4,
          title: '课程设计答疑',
          place: 'A305',
        }),
      ]),
    )
    expect(screen.getByRole('columnheader', { name: /星期二/ }).textContent).toContain('09-16')
    expect(cell(/^第1节/, '星期二')).toContain('电路实验·第1批')
    expect(cell(/^第1节/, '星期二')).toContain('A301 · 第1-2节')
    expect(cell(/^第2节/, '星期二')).toBe('')
    expect(cell(/^第3节/, '星期四')).toContain('课程设计答疑')
    expect(screen.queryByRole('columnheader', { name: /星期六/ })).toBeNull()
  })

  it('adds the weekend when something falls on it and a 其他 row for items outside the sections', () => {
    const w = week([
      item({
        kind: 'openReserve',
        weekday: 6,
        date: '2025-09-20',
        startSection: null,
        endSection: null,
        startTime: '19:00',
        endTime: '20:30',
        title: '开放实验：单片机',
      }),
    ])
    expect(gridDays(w)).toEqual([1, 2, 3, 4, 5, 6])
    draw(w)
    expect(cell(/^其他/, '星期六')).toContain('开放实验：单片机')
    expect(cell(/^其他/, '星期六')).toContain('19:00-20:30')
  })

  it('falls back to sections 1–8 (or as far as the items reach) without a term calendar', () => {
    expect(gridSections(week([], 0)).map((s) => s.section)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(gridSections(week([item({ startSection: 9, endSection: 10 })], 0))).toHaveLength(10)
  })
})

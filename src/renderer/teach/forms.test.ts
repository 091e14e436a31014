import { describe, expect, it } from 'vitest'
import type { LinkedProject, PlanDetail } from '../../shared/api/teach'
import { isEmptyOption } from '../charts/types'
import { createBody } from '../experiment/SlotPage'
import { bookingCharts } from '../experiment/StatisticsPage'
import { linesBody, linesOf, pickedHours } from './PlanForm'
import { statisticsCharts } from './StatisticsPage'

const linked = (id: string, name: string, hours: number) =>
  ({ id, experimentName: name, experimentNumber: `0101${id}`, hours }) as unknown as LinkedProject

describe('plan lines editor', () => {
  it('offers every linked project, keeps the plan’s own lines picked with their ids and hours', () => {
    const plan = {
      courseId: 'c1',
      projects: [{ id: 'L9', projectId: '002', hours: 12, planWeeks: '3,4', content: '讲解' }],
    } as unknown as PlanDetail
    const lines = linesOf([linked('001', '电路基础实验', 16), linked('002', '模拟电路实验', 8)], plan)
    expect(lines.map((l) => [l.projectId, l.picked, l.hours])).toEqual([
      ['001', false, '16'],
      ['002', true, '12'],
    ])
    expect(pickedHours(lines)).toBe(12)
    const both = lines.map((l) => ({ ...l, picked: true }))
    expect(pickedHours(both)).toBe(28)
    expect(linesBody(both)).toEqual([
      { projectId: '001', hours: 16, planWeeks: undefined, content: undefined, sort: 1 },
      { id: 'L9', projectId: '002', hours: 12, planWeeks: '3,4', content: '讲解', sort: 2 },
    ])
  })
})

describe('slot generator', () => {
  const addr = { roomId: 'r1', weekday: '3', startSection: '5', endSection: '6', capacity: '30' }
  it('builds createTime from week ranges and room rows', () => {
    expect(createBody('p1', '6-9', [addr], ['t1'], ['JK2201'], 'append')).toEqual({
      body: {
        id: 'p1',
        weeks: [6, 7, 8, 9],
        addrList: [{ roomId: 'r1', weekday: 3, startSection: 5, endSection: 6, capacity: 30 }],
        experimentUser: ['t1'],
        classList: ['JK2201'],
        mode: 'append',
      },
    })
  })
  it('says what is missing', () => {
    expect(createBody('p1', '', [addr], [], [], 'append')).toEqual({ error: '请填写周次，如 6-9 或 3,5,7' })
    expect(createBody('p1', '6', [{ ...addr, roomId: '' }], [], [], 'replace')).toEqual({
      error: '请选择每组的房间',
    })
  })
})

describe('statistics charts', () => {
  it('are empty without data and drawn with it', () => {
    for (const option of Object.values(statisticsCharts(null))) expect(isEmptyOption(option)).toBe(true)
    for (const option of Object.values(bookingCharts(null))) expect(isEmptyOption(option)).toBe(true)
    const drawn = bookingCharts({
      byProject: [{ name: '示波器使用', capacity: 30, booked: 3, fillRate: 10 }],
      byCollege: [{ name: '计算机学院', value: 3 }],
      byDay: [{ date: '2025-09-02', value: 3 }],
      totals: { projects: 1, slots: 1, capacity: 30, booked: 3, cancelled: 0 },
    })
    for (const option of Object.values(drawn)) expect(isEmptyOption(option)).toBe(false)
  })
})

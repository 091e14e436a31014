import { describe, expect, it } from 'vitest'
import { paramResource } from '../../shared/resources/system/param'
import { listQuery, pagesOf, searchQuery, shiftDay, sortQuery } from './query'
import { noticeLike } from '../../../tests/support/resource-defs'

describe('building the list query', () => {
  it('sends the param search form as BladeX LIKE keys and leaves empty inputs out', () => {
    expect(searchQuery(paramResource, { paramName: ' 登录 ', paramKey: '' })).toEqual({ paramName: '登录' })
  })

  it('uses _equal for dictionary filters and shifts a date range to the strict dategt/datelt keys', () => {
    const q = searchQuery(noticeLike, { category: '2', releaseTime: ['2026-03-01', '2026-03-31'] })
    expect(q).toEqual({
      category_equal: '2',
      releaseTime_dategt: '2026-02-28',
      releaseTime_datelt: '2026-04-01',
    })
  })

  it('sends one end of a half-open date range only', () => {
    expect(searchQuery(noticeLike, { releaseTime: ['', '2026-01-01'] })).toEqual({
      releaseTime_datelt: '2026-01-02',
    })
  })

  it('maps the sort state to ascs/descs with snake_case columns', () => {
    expect(sortQuery({ field: 'paramKey', desc: false })).toEqual({ ascs: 'param_key' })
    expect(sortQuery({ field: 'createTime', desc: true })).toEqual({ descs: 'create_time' })
    expect(sortQuery(null)).toEqual({})
  })

  it('combines filters, sort and paging', () => {
    expect(
      listQuery(
        paramResource,
        { paramKey: 'sys' },
        { field: 'paramName', desc: true },
        { current: 3, size: 30 },
      ),
    ).toEqual({
      paramKey: 'sys',
      descs: 'param_name',
      current: 3,
      size: 30,
    })
  })

  it('does calendar arithmetic across months and leap days', () => {
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29')
    expect(shiftDay('2025-12-31', 1)).toBe('2026-01-01')
  })

  it('counts pages, at least one', () => {
    expect(pagesOf(0, 10)).toBe(1)
    expect(pagesOf(201, 200)).toBe(2)
  })
})

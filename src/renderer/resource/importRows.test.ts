import { describe, expect, it } from 'vitest'
import { paramResource } from '../../shared/resources/system/param'
import { PREVIEW_ROWS, canCommit, importBody, matchColumns, previewImport, previewRows } from './importRows'
import { noticeLike } from '../../../tests/support/resource-defs'

describe('import row mapping', () => {
  it('matches columns by zh label, en label or wire name, ignoring required marks and spaces', () => {
    expect(matchColumns(paramResource, ['参数名称*', 'Key', 'paramValue', '说明'])).toEqual({
      columns: { '参数名称*': 'paramName', Key: 'paramKey', paramValue: 'paramValue' },
      ignored: ['说明'],
    })
  })

  it('reports per-row errors with spreadsheet line numbers and skips blank rows', () => {
    const p = previewImport(paramResource, [
      { 参数名称: '登录锁定', 参数键名: 'account.lock', 参数键值: '5', 备注: null },
      { 参数名称: '', 参数键名: 'x', 参数键值: null, 备注: '' },
      { 参数名称: null, 参数键名: null, 参数键值: null, 备注: null },
      { 参数名称: '超时', 参数键名: 'timeout', 参数键值: 600, 备注: null },
    ])
    expect(p.rows.map((r) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, ['请输入参数名称', '请输入参数键值']],
      [5, []],
    ])
    expect(canCommit(p)).toBe(false)
    expect(canCommit({ ...p, rows: [p.rows[0], p.rows[2]] })).toBe(true)
  })

  it('names required columns the file lacks', () => {
    const p = previewImport(paramResource, [{ 参数名称: 'a', 参数键名: 'b' }])
    expect(p.missing.map((f) => f.name)).toEqual(['paramValue'])
    expect(p.rows[0].errors).toEqual(['请输入参数键值'])
  })

  it('translates dictionary labels to keys and flags unknown ones', () => {
    const choices = {
      category: [
        { label: '通知', value: '1' },
        { label: '公告', value: '2' },
      ],
    }
    const p = previewImport(
      noticeLike,
      [
        { 标题: '停电', 类型: '公告' },
        { 标题: '演练', 类型: '会议' },
      ],
      choices,
    )
    expect(p.rows[0]).toEqual({
      line: 2,
      values: { title: '停电', category: '2' },
      cells: { title: '停电', category: '公告' },
      errors: [],
    })
    expect(p.rows[1].errors).toContain('类型「会议」不是可选值')
  })

  it('sends one batch, wrapped under importKey when the definition has one', () => {
    const p = previewImport(noticeLike, [{ 标题: '停电', 类型: '1' }], {
      category: [{ label: '通知', value: '1' }],
    })
    expect(importBody(noticeLike, p)).toEqual({ data: [{ title: '停电', category: '1' }] })
    const q = previewImport(paramResource, [{ 参数名称: 'a', 参数键名: 'b', 参数键值: 'c' }])
    expect(importBody(paramResource, q)).toEqual([{ paramName: 'a', paramKey: 'b', paramValue: 'c' }])
  })

  it('previews at most PREVIEW_ROWS rows of a large file, those with errors first', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      line: i + 2,
      errors: i % 1000 === 999 ? ['x'] : [],
    }))
    const shown = previewRows(rows)
    expect(shown).toHaveLength(PREVIEW_ROWS)
    expect(shown.slice(0, 5).map((r) => r.line)).toEqual([1001, 2001, 3001, 4001, 5001])
    expect(shown[5]!.line).toBe(2)
    expect(previewRows(rows.slice(0, 3))).toEqual(rows.slice(0, 3))
  })
})

import { describe, expect, it } from 'vitest'
import { defineResource } from '../../shared/resource/types'
import { pageList } from './Pager'
import { lazyHasChildren, nestedChildren, toForest, visibleRows } from './tree'
import { windowOf } from './VirtualBody'

const deptLike = defineResource({
  name: 'dept',
  table: 'blade_dept',
  basePath: '/api/blade-system/dept',
  label: { zh: '机构管理', en: 'Departments' },
  tenant: true,
  permission: 'dept',
  tree: { parentField: 'parentId', titleField: 'deptName' },
  fields: [{ name: 'deptName', type: 'string', label: { zh: '机构名称', en: 'Name' } }],
})

const flat = [
  { id: '1', parentId: '0', deptName: '学校' },
  { id: '2', parentId: '1', deptName: '物理学院' },
  { id: '3', parentId: '2', deptName: '光学实验室' },
  { id: '4', parentId: '0', deptName: '后勤' },
]

describe('tree tables', () => {
  it('builds a forest from flat rows and shows only expanded levels, numbering the roots', () => {
    const forest = toForest(deptLike, flat)
    expect(forest.map((r) => r.id)).toEqual(['1', '4'])
    const collapsed = visibleRows(forest, new Set(), nestedChildren, () => false)
    expect(collapsed.map((r) => [r.key, r.depth, r.expanded, r.index])).toEqual([
      ['1', 0, false, 1],
      ['4', 0, null, 2],
    ])
    const open = visibleRows(forest, new Set(['1', '2']), nestedChildren, () => false)
    expect(open.map((r) => [r.key, r.depth, r.expanded])).toEqual([
      ['1', 0, true],
      ['2', 1, true],
      ['3', 2, null],
      ['4', 0, null],
    ])
  })

  it('keeps nested children as the server sent them', () => {
    const nested = [{ id: '1', children: [{ id: '2' }] }]
    expect(toForest(deptLike, nested)).toBe(nested)
  })

  it('treats lazy rows as expandable until a loaded level comes back empty', () => {
    const roots = [
      { id: '1', hasChildren: true },
      { id: '2', hasChildren: false },
    ]
    const loaded = new Map<string, Record<string, unknown>[]>([['1', []]])
    expect(visibleRows(roots, new Set(), () => undefined, lazyHasChildren).map((r) => r.expanded)).toEqual([
      false,
      null,
    ])
    expect(
      visibleRows(roots, new Set(['1']), (r) => loaded.get(String(r.id)), lazyHasChildren).map(
        (r) => r.expanded,
      ),
    ).toEqual([null, null])
  })
})

describe('windowing and paging helpers', () => {
  it('mounts only the rows in view plus the overscan', () => {
    expect(windowOf(200, 40, 0, 400, 8)).toEqual({ start: 0, end: 18 })
    expect(windowOf(200, 40, 4000, 400, 8)).toEqual({ start: 92, end: 118 })
    expect(windowOf(200, 40, 7600, 400, 8)).toEqual({ start: 182, end: 200 })
    // a short list is mounted whole; a 10,000-row level only its window, wherever it is scrolled
    expect(windowOf(60, 40, 0, 400, 8)).toEqual({ start: 0, end: 60 })
    expect(windowOf(10_000, 40, 0, 0, 8)).toEqual({ start: 0, end: 50 })
    expect(windowOf(10_000, 40, 399_600, 400, 8)).toEqual({ start: 9982, end: 10_000 })
  })

  it('lists page numbers around the current page with gaps', () => {
    expect(pageList(1, 1)).toEqual([1])
    expect(pageList(1, 10)).toEqual([1, 2, 3, 4, null, 10])
    expect(pageList(6, 12)).toEqual([1, null, 5, 6, 7, null, 12])
    expect(pageList(12, 12)).toEqual([1, null, 9, 10, 11, 12])
  })
})

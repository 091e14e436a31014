import { describe, expect, it } from 'vitest'
import { filterByRoles, flattenMenu, menuTarget, searchMenu, workbenchOnly, type MenuNode } from './menu'

const tree: MenuNode[] = [
  {
    id: '1',
    code: 'desk',
    name: '工作台',
    children: [
      { id: '11', name: '首页', path: '/wel/index' },
      { id: '12', name: '通知公告', path: '/desk/notice' },
    ],
  },
  {
    id: '2',
    code: 'system',
    name: '系统管理',
    children: [
      { id: '21', name: '用户管理', path: '/system/user', roles: ['administrator'] },
      { id: '22', name: '参数管理', alias: 'Parameters', path: '/system/param' },
      { id: '23', name: 'User guide', path: 'https://example.edu/guide', code: 'guide' },
    ],
  },
]

describe('menu search', () => {
  it('matches names by prefix, not by substring', () => {
    expect(searchMenu(tree, '用户').map((l) => l.node.path)).toEqual(['/system/user'])
    expect(searchMenu(tree, '管理')).toEqual([])
  })

  it('ignores case and outer spaces, and finds nothing for an empty query', () => {
    expect(searchMenu(tree, '  user ').map((l) => l.node.id)).toEqual(['23'])
    expect(searchMenu(tree, '   ')).toEqual([])
  })

  it('also matches the English alias by prefix', () => {
    expect(searchMenu(tree, 'param').map((l) => l.node.id)).toEqual(['22'])
    expect(searchMenu(tree, 'meters')).toEqual([])
  })

  it('reports the group trail of each leaf', () => {
    expect(
      flattenMenu(tree)
        .find((l) => l.node.id === '22')
        ?.trail.map((n) => n.name),
    ).toEqual(['系统管理'])
  })
})

describe('menu visibility and targets', () => {
  it('shows items without a role list to everyone and restricted items only to listed roles', () => {
    const teacher = flattenMenu(filterByRoles(tree, ['teacher'])).map((l) => l.node.id)
    expect(teacher).not.toContain('21')
    expect(teacher).toContain('22')
    expect(flattenMenu(filterByRoles(tree, ['administrator'])).map((l) => l.node.id)).toContain('21')
  })

  it('opens external links through the iframe page', () => {
    expect(menuTarget({ id: '23', code: 'guide', name: 'g', path: 'https://example.edu/guide' })).toBe(
      '/myiframe/guide?src=https%3A%2F%2Fexample.edu%2Fguide',
    )
    expect(menuTarget({ id: '22', name: 'p', path: '/system/param' })).toBe('/system/param')
  })

  it('the workbench layout keeps only the workbench group', () => {
    expect(workbenchOnly(tree).map((n) => n.code)).toEqual(['desk'])
  })
})

import { describe, expect, it } from 'vitest'
import {
  HOME_PATH,
  addTab,
  canClose,
  closeAll,
  closeOthers,
  closeTab,
  normalizeTabs,
  useTabs,
  type Tab,
} from './tabs'

const home: Tab = { label: '首页', path: HOME_PATH }
const users: Tab = { label: '用户管理', path: '/system/user' }
const roles: Tab = { label: '角色管理', path: '/system/role' }
const params: Tab = { label: '参数管理', path: '/system/param' }

describe('tab rules', () => {
  it('always puts home first and drops duplicate paths', () => {
    expect(normalizeTabs([users, roles, users]).map((t) => t.path)).toEqual([
      HOME_PATH,
      '/system/user',
      '/system/role',
    ])
    expect(normalizeTabs([users, home]).map((t) => t.path)).toEqual([HOME_PATH, '/system/user'])
  })

  it('opens a page once and refreshes its query when reopened', () => {
    const once = addTab([home], users)
    const twice = addTab(once, { ...users, query: { id: '7' } })
    expect(twice).toHaveLength(2)
    expect(twice[1].query).toEqual({ id: '7' })
  })

  it('never closes home, nor the last remaining tab', () => {
    expect(canClose([home, users], HOME_PATH)).toBe(false)
    expect(canClose([home, users], '/system/user')).toBe(true)
    expect(canClose([users], '/system/user')).toBe(false)
    expect(closeTab([home], HOME_PATH, HOME_PATH).tabs).toEqual([home])
  })

  it('activates the left neighbour when the active tab closes', () => {
    const tabs = [home, users, roles, params]
    expect(closeTab(tabs, '/system/role', '/system/role')).toEqual({
      tabs: [home, users, params],
      active: '/system/user',
    })
    expect(closeTab(tabs, '/system/role', '/system/param').active).toBe('/system/param')
  })

  it('close others keeps home and the chosen tab; close all keeps home', () => {
    const tabs = [home, users, roles, params]
    expect(closeOthers(tabs, '/system/role').map((t) => t.path)).toEqual([HOME_PATH, '/system/role'])
    expect(closeAll(tabs)).toEqual([home])
  })

  it('the store follows the same rules', () => {
    const store = useTabs.getState()
    store.hydrate([users])
    store.open(roles)
    expect(useTabs.getState().tabs.map((t) => t.path)).toEqual([HOME_PATH, '/system/user', '/system/role'])
    expect(useTabs.getState().close('/system/role')).toBe('/system/user')
    expect(useTabs.getState().close(HOME_PATH)).toBe('/system/user')
    expect(useTabs.getState().closeAll()).toBe(HOME_PATH)
    expect(useTabs.getState().tabs).toEqual([home])
  })
})

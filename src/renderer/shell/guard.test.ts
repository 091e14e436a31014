import { describe, expect, it } from 'vitest'
import { guardRedirect, pageTitle } from './guard'

const out = { signedIn: false, locked: false }
const inside = { signedIn: true, locked: false }
const locked = { signedIn: true, locked: true }

describe('navigation guard', () => {
  it('sends a signed-out user to /login except on public pages', () => {
    expect(guardRedirect('/system/user', out)).toBe('/login')
    expect(guardRedirect('/wel/index', out)).toBe('/login')
    expect(guardRedirect('/login', out)).toBeNull()
    expect(guardRedirect('/404', out)).toBeNull()
    expect(guardRedirect('/403', out)).toBeNull()
    expect(guardRedirect('/500', out)).toBeNull()
  })

  it('sends a signed-in user away from /login to the root', () => {
    expect(guardRedirect('/login', inside)).toBe('/')
    expect(guardRedirect('/system/user', inside)).toBeNull()
  })

  it('keeps a locked user on /lock whatever they open', () => {
    expect(guardRedirect('/system/user', locked)).toBe('/lock')
    expect(guardRedirect('/login', locked)).toBe('/lock')
    expect(guardRedirect('/lock', locked)).toBeNull()
  })

  it('has no lock page without a lock', () => {
    expect(guardRedirect('/lock', inside)).toBe('/')
    expect(guardRedirect('/lock', out)).toBe('/login')
  })

  it('titles pages after their tab, and the login page 登录', () => {
    expect(pageTitle('/login', '', '实验实训管理系统', '登录')).toBe('登录')
    expect(pageTitle('/system/user', '用户管理', '实验实训管理系统', '登录')).toBe(
      '用户管理-实验实训管理系统',
    )
  })
})

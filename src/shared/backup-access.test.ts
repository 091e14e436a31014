import { describe, expect, it } from 'vitest'
import type { SessionState } from './ipc/contract'
import { mayManageBackups } from './backup-access'

const state = (over: Partial<SessionState> = {}, user: Partial<NonNullable<SessionState['user']>> = {}) =>
  ({
    signedIn: true,
    serverUrl: 'http://127.0.0.1:5000',
    embedded: true,
    vault: 'keychain',
    locked: false,
    user: {
      userId: '1',
      tenantId: '000000',
      account: 'admin',
      userName: 'admin',
      nickName: '',
      realName: '管理员',
      avatar: '',
      roleId: '1',
      roleName: 'administrator',
      deptId: '1',
      ...user,
    },
    ...over,
  }) satisfies SessionState

describe('who may back up and restore', () => {
  it('the platform administrator signed in to the embedded server', () => {
    expect(mayManageBackups(state())).toBe(true)
    expect(mayManageBackups(state({}, { roleName: 'teacher,administrator' }))).toBe(true)
  })

  it('nobody else: another role, another tenant, a configured server, signed out or locked', () => {
    expect(mayManageBackups(state({}, { roleName: 'teacher' }))).toBe(false)
    expect(mayManageBackups(state({}, { roleName: 'administrators' }))).toBe(false)
    expect(mayManageBackups(state({}, { tenantId: '123456' }))).toBe(false)
    expect(mayManageBackups(state({ embedded: false }))).toBe(false)
    expect(mayManageBackups(state({ signedIn: false }))).toBe(false)
    expect(mayManageBackups(state({ locked: true }))).toBe(false)
    expect(mayManageBackups(state({ user: null }))).toBe(false)
    expect(mayManageBackups(null)).toBe(false)
  })
})

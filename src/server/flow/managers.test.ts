import { describe, expect, it } from 'vitest'
import type { AuthUser } from '../core/context'
import { requireApplicantOrManager } from '../core/applicant'
import { flowManagers } from './managers'

const user = (userId: string, ...roleAliases: string[]) => ({ userId, roleAliases }) as AuthUser

describe('who manages an area’s applications', () => {
  it('takes the roles of each flow’s approval steps', () => {
    const open = flowManagers('openRoom')
    expect([open(user('1', 'staff')), open(user('1', 'administrator')), open(user('1', 'teacher'))]).toEqual([
      true,
      true,
      false,
    ])
    // 院系审核 goes to groups computed at start (staff@<college>): only the school step's role is static.
    expect(flowManagers('competition_apply')(user('1', 'staff'))).toBe(false)
    expect(flowManagers('competition_apply', ['staff'])(user('1', 'staff'))).toBe(true)
    expect(() => flowManagers('nosuchflow')).toThrow()
  })

  it('refuses a batch holding one row of another applicant, and lets a manager through', () => {
    const rows = [{ createUser: '7' }, { createUser: '8' }]
    const teacher = flowManagers('teachadjust')
    expect(() => requireApplicantOrManager(rows.slice(0, 1), user('7', 'teacher'), teacher)).not.toThrow()
    expect(() => requireApplicantOrManager(rows, user('7', 'teacher'), teacher)).toThrow(
      expect.objectContaining({ statusCode: 403, message: '只能修改本人提交的申请' }),
    )
    expect(() => requireApplicantOrManager([{ createUser: null }], user('7', 'teacher'), teacher)).toThrow()
    expect(() => requireApplicantOrManager(rows, user('9', 'staff'), teacher)).not.toThrow()
  })
})

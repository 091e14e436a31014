import { describe, expect, it } from 'vitest'
import { roleNamesOf } from './roleNames'

describe('role names', () => {
  it('names the session roles from the user info, in the session order', () => {
    expect(roleNamesOf('2,1', '1,2,3', '教师,学生,访客')).toBe('学生,教师')
    expect(roleNamesOf('3', '1,2,3', '教师,学生,访客')).toBe('访客')
  })

  it('gives nothing when the lists cannot be matched (a role was removed meanwhile)', () => {
    expect(roleNamesOf('1', '1,2', '教师')).toBe('')
    expect(roleNamesOf('9', '1', '教师')).toBe('')
  })
})

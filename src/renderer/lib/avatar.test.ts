import { describe, expect, it } from 'vitest'
import { avatarError } from './avatar'

describe('avatar upload rule', () => {
  it('accepts jpg and png up to 500kb', () => {
    expect(avatarError({ name: 'me.jpg', type: 'image/jpeg', size: 500 * 1024 })).toBeNull()
    expect(avatarError({ name: 'me.png', type: 'image/png', size: 1 })).toBeNull()
  })
  it('rejects other types and larger files', () => {
    expect(avatarError({ name: 'me.gif', type: 'image/gif', size: 10 })).toBe('info.avatarType')
    expect(avatarError({ name: 'me.png', type: 'image/png', size: 500 * 1024 + 1 })).toBe('info.avatarSize')
  })
})

import { describe, expect, it } from 'vitest'
import { flattenButtons } from './permission'

describe('button permissions', () => {
  it('collects every leaf code of the forest into a map', () => {
    const forest = [
      {
        code: 'user',
        children: [{ code: 'user_add' }, { code: 'user_edit' }, { code: 'user_delete' }],
      },
      { code: 'param', children: [{ code: 'param_add', children: [] }] },
      { code: 'lonely_button' },
    ]
    expect(flattenButtons(forest)).toEqual({
      user_add: true,
      user_edit: true,
      user_delete: true,
      param_add: true,
      lonely_button: true,
    })
  })

  it('does not grant the parent menus themselves', () => {
    const map = flattenButtons([{ code: 'user', children: [{ code: 'user_add' }] }])
    expect(map.user).toBeUndefined()
  })

  it('gives an empty map for no buttons', () => {
    expect(flattenButtons([])).toEqual({})
  })
})

import { describe, expect, it } from 'vitest'
import { dictLabel, type DictItem } from './dict'

const items: DictItem[] = [
  { dictKey: '1', dictValue: '发布通知' },
  { dictKey: '2', dictValue: '批转通知' },
]

describe('dictionary labels', () => {
  it('finds the label of a key given as a string or a number', () => {
    expect(dictLabel(items, '2')).toBe('批转通知')
    expect(dictLabel(items, 1)).toBe('发布通知')
  })
  it('shows an unknown key as itself and an empty one as nothing', () => {
    expect(dictLabel(items, 9)).toBe('9')
    expect(dictLabel(items, null)).toBe('')
    expect(dictLabel(items, '')).toBe('')
  })
})

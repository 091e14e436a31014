import { describe, expect, it } from 'vitest'
import { screenClass } from './useScreen'

describe('screen size class (spec 2.3)', () => {
  it('maps widths to 3, 2, 1 and 0 at 1200, 992 and 768', () => {
    expect(screenClass(1920)).toBe(3)
    expect(screenClass(1200)).toBe(3)
    expect(screenClass(1199)).toBe(2)
    expect(screenClass(992)).toBe(2)
    expect(screenClass(991)).toBe(1)
    expect(screenClass(768)).toBe(1)
    expect(screenClass(767)).toBe(0)
  })
})

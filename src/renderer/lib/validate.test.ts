import { describe, expect, it } from 'vitest'
import { formatCurrency } from './currency'
import { isEmpty } from './empty'
import { phoneError } from './phone'
import { zh } from '../i18n/messages'

describe('emptiness (spec 5)', () => {
  it('treats null, undefined, empty string, array and object as empty', () => {
    for (const value of [null, undefined, '', [], {}]) expect(isEmpty(value)).toBe(true)
  })
  it('never treats numbers or booleans as empty', () => {
    for (const value of [0, 1, -1, Number.NaN, false, true]) expect(isEmpty(value)).toBe(false)
  })
  it('treats content as not empty', () => {
    for (const value of [' ', 'a', [0], { a: undefined }]) expect(isEmpty(value)).toBe(false)
  })
})

describe('currency (spec 5)', () => {
  it('groups the integer part by thousands and keeps decimals', () => {
    expect(formatCurrency(1234567.89)).toBe('1,234,567.89')
    expect(formatCurrency('1000')).toBe('1,000')
    expect(formatCurrency(999)).toBe('999')
    expect(formatCurrency(-12345.5)).toBe('-12,345.5')
    expect(formatCurrency(0)).toBe('0')
  })
  it("shows '0.0' when empty", () => {
    expect(formatCurrency(null)).toBe('0.0')
    expect(formatCurrency(undefined)).toBe('0.0')
    expect(formatCurrency('')).toBe('0.0')
  })
})

describe('phone (spec 5)', () => {
  const message = (v: string) => {
    const key = phoneError(v)
    return key ? zh[key] : null
  }
  it('requires a number', () => {
    expect(message('')).toBe('手机号不能为空')
    expect(message('   ')).toBe('手机号不能为空')
  })
  it('requires 11 characters', () => {
    expect(message('1380013800')).toBe('手机号长度不是11位')
    expect(message('138001380001')).toBe('手机号长度不是11位')
  })
  it('requires digits starting with 1', () => {
    expect(message('23800138000')).toBe('手机号格式不正确')
    expect(message('1380013800a')).toBe('手机号格式不正确')
  })
  it('accepts a valid mobile number', () => {
    expect(phoneError('13800138000')).toBeNull()
  })
})

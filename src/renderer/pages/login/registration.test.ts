import { describe, expect, it } from 'vitest'
import { zh } from '../../i18n/messages'
import { validateRegistration, type RegistrationForm } from './registration'

const valid: RegistrationForm = {
  tenantId: '000000',
  name: '张三',
  account: 'zhangsan',
  password: 'a1',
  password2: 'a1',
}

const messages = (form: RegistrationForm, resolved = false) =>
  Object.fromEntries(Object.entries(validateRegistration(form, resolved)).map(([k, v]) => [k, zh[v]]))

describe('guest registration validation', () => {
  it('accepts a complete form', () => {
    expect(validateRegistration(valid, false)).toEqual({})
  })
  it('requires tenant id, account, password and confirmation with clear messages', () => {
    expect(messages({ tenantId: '', name: '', account: ' ', password: '', password2: '' })).toEqual({
      tenantId: '请先输入租户ID',
      account: '请输入账号名称',
      password: '请先输入密码',
      password2: '请再次输入密码',
    })
  })
  it('does not ask for a tenant id resolved from the host', () => {
    expect(validateRegistration({ ...valid, tenantId: '' }, true)).toEqual({})
  })
  it('requires both passwords to match', () => {
    expect(messages({ ...valid, password2: 'a2' })).toEqual({ password2: '两次输入的密码不一致' })
  })
})

import { describe, expect, it } from 'vitest'
import { paramResource } from '../../shared/resources/system/param'
import { fieldError, formErrors } from './validation'
import { noticeLike, packageLike } from '../../../tests/support/resource-defs'

const field = (def: { fields: readonly { name: string }[] }, name: string) =>
  def.fields.find((f) => f.name === name) as (typeof paramResource.fields)[number]

describe('validation on blur', () => {
  it('shows the spec messages of the parameter form', () => {
    expect(fieldError(field(paramResource, 'paramName'), '')).toBe('请输入参数名称')
    expect(fieldError(field(paramResource, 'paramKey'), '   '.trim())).toBe('请输入参数键名')
    expect(fieldError(field(paramResource, 'paramValue'), null)).toBe('请输入参数键值')
    expect(fieldError(field(paramResource, 'paramName'), '登录失败次数')).toBeNull()
    expect(fieldError(field(paramResource, 'remark'), '')).toBeNull()
  })

  it('shows the definition en text in English', () => {
    expect(fieldError(field(paramResource, 'paramName'), '', 'en')).toBe('Please enter the parameter name')
    expect(fieldError(field(noticeLike, 'phone'), '123', 'en')).toBe('The phone number format is incorrect')
    expect(fieldError(field(noticeLike, 'phone'), '123', 'zh')).toBe('手机号码格式不正确')
  })

  it('checks lengths and types with the shared schema', () => {
    expect(fieldError(field(noticeLike, 'title'), 'x'.repeat(21))).toBe('标题不能超过20个字符')
    expect(fieldError(field(noticeLike, 'category'), 'abc')).toBe('类型必须是整数')
  })

  it('treats an empty multi-select as missing and a chosen list as valid', () => {
    expect(fieldError(field(packageLike, 'menuId'), [])).toBe('请选择菜单')
    expect(
      fieldError(field(packageLike, 'menuId'), ['1123598815738675201', '1123598815738675202']),
    ).toBeNull()
  })

  it('collects every message of a form for the save button', () => {
    expect(formErrors(paramResource, { paramName: '', paramKey: 'k', paramValue: '' })).toEqual({
      paramName: '请输入参数名称',
      paramValue: '请输入参数键值',
    })
  })
})

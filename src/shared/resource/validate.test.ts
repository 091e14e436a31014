import { describe, expect, it } from 'vitest'
import { paramResource } from '../resources/system/param'
import { entitySchema, idList, validateField } from './validate'

const field = (name: string) => paramResource.fields.find((f) => f.name === name)!

describe('validation derived from a resource definition', () => {
  it('gives the spec messages of the parameter form for empty required fields', () => {
    expect(validateField(field('paramName'), '')).toBe('请输入参数名称')
    expect(validateField(field('paramKey'), undefined)).toBe('请输入参数键名')
    expect(validateField(field('paramValue'), null)).toBe('请输入参数键值')
    expect(validateField(field('paramName'), '系统名称')).toBeNull()
    expect(validateField(field('remark'), '')).toBeNull()
  })

  it('refuses over-long values with the field label', () => {
    expect(validateField(field('paramName'), 'x'.repeat(256))).toBe('参数名称不能超过255个字符')
  })

  it('drops unknown keys so a client cannot write audit or tenant columns', () => {
    const parsed = entitySchema(paramResource).parse({
      paramName: 'a',
      paramKey: 'b',
      paramValue: 'c',
      tenantId: '000000',
      isDeleted: 1,
      createUser: '1',
    })
    expect(parsed).toEqual({ paramName: 'a', paramKey: 'b', paramValue: 'c' })
  })

  it('relaxes required fields for partial updates but keeps types', () => {
    expect(entitySchema(paramResource, { partial: true }).parse({ id: '12', remark: 'r' })).toEqual({
      id: '12',
      remark: 'r',
    })
    expect(() => entitySchema(paramResource, { partial: true }).parse({ id: '1 or 1=1' })).toThrow(
      '主键格式不正确',
    )
  })
})

describe('id lists of remove?ids=', () => {
  it('parses, trims and de-duplicates', () => {
    expect(idList.parse('1, 2,2')).toEqual(['1', '2'])
  })
  it('refuses an empty selection with the spec message and injected values', () => {
    expect(() => idList.parse('')).toThrow('请选择至少一条数据')
    expect(() => idList.parse('1,2);drop')).toThrow('ids 格式不正确')
  })
})

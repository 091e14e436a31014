import { describe, expect, it } from 'vitest'
import { equipmentResource } from '../resources/assets/equipment'
import { paramResource } from '../resources/system/param'
import { teacherResource } from '../resources/base/teacher'
import { entitySchema, idList, rowChecker, validateField } from './validate'

const field = (name: string) => paramResource.fields.find((f) => f.name === name)!

describe('validation derived from a resource definition', () => {
  it('gives the spec messages of the parameter form for empty required fields', () => {
    expect(validateField(field('paramName'), '')).toBe('请输入参数名称')
    expect(validateField(field('paramKey'), undefined)).toBe('请输入参数键名')
    expect(validateField(field('paramValue'), null)).toBe('请输入参数键值')
    expect(validateField(field('paramName'), '系统名称')).toBeNull()
    expect(validateField(field('remark'), '')).toBeNull()
  })

  it('refuses a value of the wrong type with the field label instead of coercing it', () => {
    expect(validateField(field('paramName'), ['x'])).toBe('参数名称必须是文本')
    expect(validateField(field('paramName'), { a: 1 })).toBe('参数名称必须是文本')
    expect(validateField(field('paramName'), true)).toBe('参数名称必须是文本')
    // A code sent as a number is still read as its text.
    expect(entitySchema(paramResource, { partial: true }).parse({ paramValue: 12 })).toEqual({
      paramValue: '12',
    })
    const quantity = equipmentResource.fields.find((f) => f.type === 'int')!
    expect(validateField(quantity, [1])).toMatch(/必须是整数$/)
    expect(validateField(quantity, true)).toMatch(/必须是整数$/)
    expect(validateField(quantity, 'abc')).toMatch(/必须是整数$/)
  })

  it('joins the array a multi-select sends, and nothing else', () => {
    const schema = entitySchema(teacherResource, { partial: true })
    expect(schema.parse({ categoryNo: ['1', 2] })).toEqual({ categoryNo: '1,2' })
    expect(schema.safeParse({ categoryNo: [{ a: 1 }] }).success).toBe(false)
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

describe('rowChecker: the submit schema row by row (imports)', () => {
  const schema = entitySchema(equipmentResource)
  const check = rowChecker(equipmentResource)
  const good = {
    equipmentNo: 'A0000001',
    equipmentName: '示波器',
    classCode: '03030501',
    price: '1200.5',
    purchaseDate: '2024-10-12',
    source: 1,
    statusCode: '1',
    useDirection: 1,
    deptSerial: '01',
  }
  const rows: Record<string, unknown>[] = [
    good,
    { ...good, id: '12', tenantId: '000000', extra: 'x', model: '', keeper: null, countryCode: 840 },
    {},
    { ...good, equipmentNo: 'toolong-no', classCode: '123', price: 'abc', purchaseDate: '2024/10/12' },
    { ...good, equipmentName: '名'.repeat(51), source: 9, statusCode: 1.5, useDirection: '' },
    { ...good, price: -3, countryCode: 'CN', roomId: 'x1', warrantyUntil: '' },
  ]
  // The object schema keeps a blank optional key as undefined; the checker leaves it out.
  const defined = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== undefined && k !== 'id'))

  it.each(rows.map((row, k) => [k, row] as const))('row %i: same values or same messages', (_, row) => {
    const byObject = schema.safeParse(row)
    const byRow = check(row)
    expect(byRow.success).toBe(byObject.success)
    if (byObject.success && byRow.success) expect(byRow.data).toEqual(defined(byObject.data))
    if (!byObject.success && !byRow.success)
      expect(byRow.messages).toEqual(byObject.error.issues.map((i) => i.message))
  })

  it('refuses the rows that are wrong', () => {
    expect(rows.map((row) => check(row).success)).toEqual([true, true, false, false, false, false])
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

import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { answer, fillPath, GET, POST, type AnswerOf, type BodyIn, type QueryOut } from './endpoint'
import { resourceEndpoints, type RowOf } from './resource'
import { defineResource } from '../resource/types'
import type { Page } from './envelope'

const thing = defineResource({
  name: 'thing',
  table: 'x_thing',
  basePath: '/api/x/thing',
  label: { zh: '物品', en: 'Thing' },
  tenant: true,
  permission: 'thing',
  fields: [
    { name: 'thingName', type: 'string', label: { zh: '名称', en: 'Name' } },
    { name: 'amount', type: 'int', label: { zh: '数量', en: 'Amount' } },
  ],
})

describe('endpoints', () => {
  it('carry method, whole path and schemas', () => {
    const e = POST('/api/x/thing/publish', {
      body: z.object({ ids: z.array(z.string()) }),
      answer: answer<number>(),
    })
    expect(e).toMatchObject({ method: 'POST', path: '/api/x/thing/publish', file: false })
    expectTypeOf<BodyIn<typeof e>>().toEqualTypeOf<{ ids: string[] }>()
    expectTypeOf<AnswerOf<typeof e>>().toEqualTypeOf<number>()
    const _q = GET('/api/x/thing/n', { query: z.object({ n: z.coerce.number() }) })
    expectTypeOf<QueryOut<typeof _q>>().toEqualTypeOf<{ n: number }>()
  })

  it('type the standard routes of a definition by its fields', () => {
    const api = resourceEndpoints(thing)
    expect(api.page.path).toBe('/api/x/thing/page')
    expect(api.remove).toMatchObject({ method: 'POST', path: '/api/x/thing/remove' })
    expectTypeOf<AnswerOf<typeof api.page>>().toEqualTypeOf<Page<RowOf<typeof thing>>>()
    expectTypeOf<RowOf<typeof thing>['amount']>().toEqualTypeOf<number | null>()
    expectTypeOf<RowOf<typeof thing>['thingName']>().toEqualTypeOf<string | null>()
  })

  it('fill {name} path parameters, encoded, and refuse a missing one', () => {
    expect(fillPath('/api/x/download/{id}', { id: 7 })).toBe('/api/x/download/7')
    expect(fillPath('/api/x/{a}/{b}', { a: '甲 乙', b: 'c/d' })).toBe('/api/x/%E7%94%B2%20%E4%B9%99/c%2Fd')
    expect(() => fillPath('/api/x/{id}')).toThrow('缺少路径参数 id')
  })
})

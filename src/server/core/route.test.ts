import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { answer, GET, POST } from '../../shared/api/endpoint'
import { IdsBody } from '../../shared/api/common'
import { ok } from './envelope'
import { errorsPlugin } from './errors-plugin'
import { route } from './route'
import { toJson } from './serialize'

const double = GET('/api/test/double', {
  query: z.object({ n: z.coerce.number({ error: 'n必须是数字' }).int('n必须是整数') }),
  answer: answer<{ doubled: number }>(),
})
const count = POST('/api/test/count', { body: IdsBody, answer: answer<number>() })
const file = GET('/api/test/file/{name}', { file: true })

const app = Fastify()
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setReplySerializer((payload) => toJson(payload))
  await app.register(errorsPlugin)
  route(app, double, async ({ query }) => ok({ doubled: query.n * 2 }))
  route(app, count, async ({ body }) => ok(body.ids.length, '已统计'))
  route(app, file, async ({ params, reply }) => reply.type('text/plain').send(`file ${params.name}`))
  await app.ready()
})
afterAll(() => app.close())

describe('route(): an endpoint of src/shared/api on the server', () => {
  it('parses the query with the endpoint schema and answers in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/double?n=21' })
    expect(res.json()).toEqual({ code: 200, success: true, data: { doubled: 42 }, msg: '操作成功' })
  })

  it("refuses input the schema refuses, with the schema's Chinese message", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/double?n=abc' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: 'n必须是数字' })
    const empty = await app.inject({ method: 'POST', url: '/api/test/count', payload: { ids: [] } })
    expect(empty.json().msg).toBe('请选择至少一条数据')
  })

  it('accepts ids as a list or a comma string and deduplicates them', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/count', payload: { ids: '1,2,2,3' } })
    expect(res.json()).toMatchObject({ data: 3, msg: '已统计' })
  })

  it('maps {name} path segments to route parameters for file endpoints', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/file/report' })
    expect(res.body).toBe('file report')
  })
})

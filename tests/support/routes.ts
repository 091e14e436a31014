/**
 * The route table every area registers, collected without a database: each route's method, URL and
 * whether it is open without a token (`public`) or to any signed-in user (`anyUser`).
 */
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { areas } from '../../src/server/areas'

export interface RegisteredRoute {
  method: string
  url: string
  public: boolean
  anyUser: boolean
}

export async function collectRoutes(): Promise<RegisteredRoute[]> {
  const routes: RegisteredRoute[] = []
  const probe = Fastify()
  probe.setValidatorCompiler(validatorCompiler)
  probe.setSerializerCompiler(serializerCompiler)
  probe.decorate('db', {} as never)
  probe.decorate('database', {} as never)
  probe.decorate('config', { fileDir: '', demo: false, logger: false, jwtSecret: 'probe'.repeat(13) })
  probe.decorateRequest('user', null)
  probe.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      if (method !== 'HEAD')
        routes.push({ method, url: r.url, public: !!r.config?.public, anyUser: !!r.config?.anyUser })
  })
  for (const area of areas) await probe.register(area)
  await probe.ready()
  await probe.close()
  return routes
}

import Fastify, { type FastifyInstance } from 'fastify'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { DatabaseHandle } from './db/client'
import type { ServerConfig } from './config'
import { errorsPlugin } from './core/errors-plugin'
import { BizError } from './core/errors'
import { refuseNulInJson, refuseNulInUrl } from './core/input-guard'
import { toJson } from './core/serialize'
import { areas } from './areas'
import { keepPlannerStatistics } from './db/planner-statistics'
import { countStatementsPerRequest } from './db/statement-count'

export interface BuildOptions {
  database: DatabaseHandle
  config: ServerConfig
}

/**
 * The whole HTTP API. Plugins load in a fixed order: infrastructure, then cross-cutting concerns
 * (errors, auth, permissions), then one plugin per URL family (areas.ts).
 */
export async function buildApp({ database, config }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logger ? { level: 'info' } : false,
    bodyLimit: 20 * 1024 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setReplySerializer((payload) => toJson(payload))
  app.decorate('database', database)
  app.decorate('db', database.db)
  app.decorate('config', config)
  app.decorateRequest('user', null)
  app.decorateRequest('permissionVersion', null)

  // An empty POST body with a JSON content type is common from BladeX clients; read it as {}.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body.trim() : ''
    if (!text) return done(null, {})
    try {
      refuseNulInJson(text)
      done(null, JSON.parse(text))
    } catch (e) {
      if (e instanceof BizError) return done(e, undefined)
      const err = new Error('请求体不是合法的 JSON') as Error & { statusCode: number }
      err.statusCode = 400
      done(err, undefined)
    }
  })

  refuseNulInUrl(app)
  if (database.countsStatements) countStatementsPerRequest(app)
  await app.register(errorsPlugin)
  await app.register(rateLimit, { global: false })
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 20 } })
  for (const area of areas) await app.register(area)
  // The embedded database has no autovacuum to keep its planner statistics current.
  const stopStatistics = keepPlannerStatistics(database)
  app.addHook('onClose', async () => stopStatistics())
  await app.ready()
  return app
}

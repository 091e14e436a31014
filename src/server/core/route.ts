import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { AnswerOf, AnyEndpoint, BodyOut, QueryOut, Serializable } from '../../shared/api/endpoint'
import type { R } from './envelope'
import { dataOf, type Data } from './data'

export interface RouteContext<E extends AnyEndpoint> {
  /** The query as the endpoint's schema parsed it (coerced, defaults applied). */
  query: QueryOut<E>
  body: BodyOut<E>
  params: Record<string, string>
  request: FastifyRequest
  reply: FastifyReply
  /** The caller's data layer (tenant, soft delete, data scopes); made on first use. */
  readonly data: Data
}

type Answer<E extends AnyEndpoint> = E['file'] extends true ? FastifyReply : R<Serializable<AnswerOf<E>>>

export interface RouteOptions {
  /** `public`, `anyUser` and rate-limit settings of the route. */
  config?: FastifyContextConfig & { rateLimit?: { max: number; timeWindow: number | string } }
  /** Body size limit in bytes (uploads and imports). */
  bodyLimit?: number
}

/**
 * Registers a handler for an endpoint of `src/shared/api`: the method and path come from the
 * endpoint, its zod schemas validate the query and body (a failure is a 400 with the schema's Chinese
 * message), and the handler must answer the endpoint's type in the envelope (`ok(...)`), or stream a
 * file when the endpoint is one.
 */
export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<Answer<E>>,
  options: RouteOptions = {},
): void {
  const schema: { querystring?: z.ZodType; body?: z.ZodType } = {}
  if (endpoint.query) schema.querystring = endpoint.query
  if (endpoint.body) schema.body = endpoint.body
  app.route({
    method: endpoint.method,
    url: endpoint.path.replace(/\{(\w+)\}/g, ':$1'),
    schema,
    config: options.config,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: (request, reply) => {
      let data: Data | undefined
      return handler({
        query: (request.query ?? {}) as QueryOut<E>,
        body: request.body as BodyOut<E>,
        params: (request.params ?? {}) as Record<string, string>,
        request,
        reply,
        get data() {
          return (data ??= dataOf(request))
        },
      })
    },
  })
}

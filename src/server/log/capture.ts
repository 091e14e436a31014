import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { LogWriter } from './writer'
import { ZodError } from 'zod'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { firstIssueMessage } from '../core/errors-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** Batched writer of the request, service and error logs; `await app.logWriter.flush()` in tests. */
    logWriter: LogWriter
  }
}

const MAX_PARAMS = 4000
const SECRET_KEY = /pass(word)?|secret|token|captcha|aeskey|key$/i

/** Request parameters as logged: query and JSON body, secrets replaced, length capped. */
export function loggedParams(request: FastifyRequest): string {
  const redact = (value: unknown, depth = 0): unknown => {
    if (depth > 4 || value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1))
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) ? '******' : redact(v, depth + 1),
      ]),
    )
  }
  const multipartBody = typeof request.isMultipart === 'function' && request.isMultipart()
  const body = multipartBody ? '[multipart]' : request.body
  const text = JSON.stringify({
    query: redact(request.query),
    ...(body === undefined ? {} : { body: redact(body) }),
  })
  return text.length > MAX_PARAMS ? `${text.slice(0, MAX_PARAMS)}…` : text
}

/** The message the caller was given for a refused request. */
function refusalMessage(error: Error): string {
  if (error instanceof ZodError) return firstIssueMessage(error.issues)
  if (hasZodFastifySchemaValidationErrors(error))
    return firstIssueMessage(
      error.validation.map((v) => ({
        message: v.message ?? '',
        path: v.instancePath.split('/').filter(Boolean),
      })),
    )
  return error.message
}

const errors = new WeakMap<FastifyRequest, Error>()
const cut = (s: string | undefined, n: number) => (s ?? '').slice(0, n)

/**
 * Captures a request log for every `/api` call, a service log for every refusal (HTTP 4xx business
 * errors) and an error log with the stack for every server fault. Registered before the areas so its
 * hooks cover every route; the auth area fills `request.user` before the reply.
 */
export const logCapture = fp(async (app) => {
  const writer = new LogWriter(app.db, (err) => app.log.error({ err }, 'log write failed'))
  app.decorate('logWriter', writer)
  app.addHook('onClose', async () => {
    await writer.flush()
  })

  app.addHook('onError', async (request, _reply, error) => {
    errors.set(request, error)
  })

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      capture(request, reply)
    } catch (err) {
      app.log.error({ err }, 'log capture failed')
    }
  })

  function capture(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url
    if (!url.startsWith('/api/')) return
    // reading the logs must not write more logs; file downloads are noise
    if (url.startsWith('/api/blade-log/') && request.method === 'GET') return
    if (url.startsWith('/api/blade-resource/oss/file/')) return
    const user = request.user
    const base = {
      tenantId: user?.tenantId ?? null,
      method: request.method,
      requestUri: cut(url.split('?')[0], 1000),
      userAgent: cut(request.headers['user-agent'], 1000),
      remoteIp: cut(request.ip, 255),
      params: loggedParams(request),
      createBy: user?.account ?? null,
    }
    const status = reply.statusCode
    writer.push({
      kind: 'api',
      row: {
        ...base,
        type: status >= 400 ? '2' : '1',
        title: cut(request.routeOptions.url ?? url, 255),
        methodClass: cut(request.routeOptions.url ?? '', 255),
        methodName: request.method,
        status,
        time: String(Math.round(reply.elapsedTime)),
      },
    })
    const error = errors.get(request)
    if (status >= 500) {
      const err = error ?? new Error(`HTTP ${status}`)
      const frame = /\((.*):(\d+):\d+\)/.exec(err.stack ?? '')
      writer.push({
        kind: 'error',
        row: {
          ...base,
          stackTrace: cut(err.stack, 20000),
          exceptionName: cut(err.name, 255),
          message: cut(err.message, 4000),
          methodClass: cut(request.routeOptions.url ?? '', 255),
          methodName: request.method,
          fileName: frame ? cut(frame[1], 1000) : null,
          lineNumber: frame ? Number(frame[2]) : null,
        },
      })
    } else if (error && (status === 400 || status === 403)) {
      writer.push({
        kind: 'usual',
        row: {
          ...base,
          logLevel: 'WARN',
          logId: status === 403 ? 'forbidden' : 'refused',
          logData: cut(refusalMessage(error), 4000),
          methodClass: cut(request.routeOptions.url ?? '', 255),
          methodName: request.method,
        },
      })
    }
  }
})

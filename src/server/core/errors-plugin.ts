import fp from 'fastify-plugin'
import type { FastifyError } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ZodError } from 'zod'
import { fail } from './envelope'
import { AuthError, BizError, ForbiddenError, OAuthError } from './errors'

/** First human-readable message of a zod failure: the schema's own Chinese message where it has one. */
export function firstIssueMessage(issues: readonly { message: string; path: PropertyKey[] }[]): string {
  const issue = issues[0]
  if (!issue) return '参数校验失败'
  const where = issue.path.length ? issue.path.map(String).join('.') : ''
  // Custom messages from our schemas are Chinese sentences; zod's defaults are English and get a prefix.
  return /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : `参数校验失败${where ? `: ${where}` : ''}`
}

/** Every error leaves as a BladeX envelope; the token endpoint keeps the OAuth2 error shape. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof OAuthError) {
      return reply
        .status(error.statusCode)
        .send({ error_code: error.errorCode, error: error.errorCode, error_description: error.message })
    }
    if (error instanceof BizError) return reply.status(400).send(fail(400, error.message))
    if (error instanceof AuthError) return reply.status(401).send(fail(401, error.message))
    if (error instanceof ForbiddenError) return reply.status(403).send(fail(403, error.message))
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        message: v.message ?? '',
        path: v.instancePath.split('/').filter(Boolean),
      }))
      return reply.status(400).send(fail(400, firstIssueMessage(issues)))
    }
    if (error instanceof ZodError) return reply.status(400).send(fail(400, firstIssueMessage(error.issues)))
    const status = (error as FastifyError).statusCode
    if (status === 429) return reply.status(429).send(fail(429, '请求过于频繁,请稍后再试'))
    if (status && status >= 400 && status < 500) {
      const msg = /[\u4e00-\u9fa5]/.test(error.message) ? error.message : '请求参数有误'
      return reply.status(status === 413 ? 413 : 400).send(fail(400, status === 413 ? '上传内容过大' : msg))
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send(fail(500, '服务器异常'))
  })
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(fail(404, '请求的资源不存在')))
})

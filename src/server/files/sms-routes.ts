import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { sms } from '../db/schema'
import { done } from '../core/envelope'
import { bad } from '../core/errors'
import { requireUser } from '../core/scope'
import { CONFIG_ENABLED, registerEnableRoute } from './enable-route'
import { smsProvider } from './sms-provider'
import { dataOf } from '../core/data'

const PHONE = /^1\d{10}$/

const sendInput = z
  .object({
    code: z.string({ error: '请输入短信资源编号' }).min(1, '请输入短信资源编号').max(32, '短信资源编号过长'),
    phones: z
      .union([z.string(), z.array(z.string())], { error: '请输入手机号' })
      .transform((v) => [
        ...new Set((Array.isArray(v) ? v : v.split(',')).map((p) => p.trim()).filter(Boolean)),
      ])
      .refine((v) => v.length > 0, '请输入手机号')
      .refine((v) => v.length <= 1000, '手机号过多')
      .refine((v) => v.every((p) => PHONE.test(p)), '手机号格式不正确'),
    params: z
      .union([z.string().max(4000, '短信参数过长'), z.record(z.string(), z.union([z.string(), z.number()]))])
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '') return {}
        if (typeof v !== 'string')
          return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]))
        try {
          const parsed = JSON.parse(v) as unknown
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error()
          return Object.fromEntries(
            Object.entries(parsed as Record<string, unknown>).map(([k, x]) => [k, String(x)]),
          )
        } catch {
          ctx.addIssue({ code: 'custom', message: '短信参数必须是 JSON 对象' })
          return z.NEVER
        }
      }),
  })
  .loose()

/** SMS: `enable` and `endpoint/send-message` through the pluggable provider. */
export async function smsRoutes(app: FastifyInstance) {
  registerEnableRoute(app, '/api/blade-resource/sms', sms)

  app.post(
    '/api/blade-resource/sms/endpoint/send-message',
    { schema: { querystring: z.record(z.string(), z.unknown()), body: z.unknown() } },
    async (request) => {
      const user = requireUser(request)
      const input = sendInput.parse({
        ...(request.query as object),
        ...(typeof request.body === 'object' && request.body ? request.body : {}),
      })
      const [config] = await app.db
        .select()
        .from(sms)
        .where(dataOf(request).rows(sms, eq(sms.smsCode, input.code)))
        .limit(1)
      if (!config) bad('短信配置不存在')
      if (config.status !== CONFIG_ENABLED) bad('短信配置未启用')
      await smsProvider().send(app.db, {
        config: {
          tenantId: user.tenantId,
          smsCode: config.smsCode as string,
          templateId: (config.templateId as string) ?? null,
          category: config.category as number,
        },
        phones: input.phones,
        params: input.params,
        userId: user.userId,
      })
      return done('发送成功')
    },
  )
}

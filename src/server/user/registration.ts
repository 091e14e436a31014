import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { idsParam, registerForm } from '../../shared/api/user'
import { userResource } from '../../shared/resources/system/user'
import { done } from '../core/envelope'
import { bad } from '../core/errors'
import { role, user } from '../db/schema'
import { hashPassword } from '../auth/passwords'
import { PARAM_REGISTER_USER, readParam } from '../auth/params'
import { liveTenantRow, tenantRefusal, tenantStateOf } from '../auth/tenant-state'
import { dataOf, dataOfTenant } from '../core/data'
import { accountTaken, checkAccountLimit, requireVisibleUsers } from './access'

const BASE = '/api/blade-user'
type Row = Record<string, unknown>

/**
 * Guest self-registration (login page) and its approval. A registered guest has status 0 and cannot
 * sign in until an administrator passes the registration (`audit-pass`).
 */
export function registerRegistrationRoutes(app: FastifyInstance) {
  app.post(
    `${BASE}/register-guest`,
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { querystring: z.record(z.string(), z.unknown()) },
    },
    async (request) => {
      const body = request.body && typeof request.body === 'object' ? (request.body as Row) : {}
      const form = registerForm.parse({ ...(request.query as Row), ...body })
      if ((await readParam(app.db, PARAM_REGISTER_USER)) !== 'true') bad('当前系统未开启账号注册功能')
      await dataOfTenant(app.db, form.tenantId).transaction(async (data) => {
        const db = data.db
        const t = await liveTenantRow(db, form.tenantId)
        if (!t) bad('租户不存在')
        const refusal = tenantRefusal(form.tenantId, tenantStateOf(t!))
        if (refusal) bad(refusal)
        if (await accountTaken(db, form.tenantId, form.account)) bad(`当前用户 [${form.account}] 已存在!`)
        await checkAccountLimit(db, form.tenantId)
        const guest = await data.repo(role).first(eq(role.roleAlias, 'guest'))
        if (!guest) bad('租户未配置访客角色,无法注册')
        await data.repo(user).insert({
          account: form.account,
          password: await hashPassword(form.password),
          name: form.name ?? form.account,
          realName: form.name ?? form.account,
          oauthId: form.oauthId ?? null,
          roleId: guest!.id,
          userType: 1,
          status: 0,
        })
      })
      return done('注册申请已提交,请等待管理员审核')
    },
  )

  app.post(
    `${BASE}/audit-pass`,
    { schema: { querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const q = request.query as Row
      const ids = idsParam().parse(q.ids ?? q.userIds)
      const rows = await requireVisibleUsers(request, ids, q.tenantId)
      if (rows.some((r) => r.status !== 0)) bad('所选用户不是待审核状态')
      await dataOf(request, { tenant: q.tenantId }).repo(user, userResource).update(ids, { status: 1 })
      return done()
    },
  )
}

import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { clientResource } from '../../shared/resources/system/client'
import { entitySchema, idList } from '../../shared/resource/validate'
import { client } from '../db/schema'
import { done, ok } from '../core/envelope'
import { dataOf, liveRows } from '../core/data'
import { bad } from '../core/errors'
import { nextId } from '../core/ids'
import { allOf } from '../core/query'
import { hashPassword } from '../auth/passwords'
import { requirePlatformAdmin } from './guards'
import { idParam } from './params'

type Row = Record<string, unknown>
const live = liveRows(client)

/** A client row for the wire: the secret (a hash) and the autoLogin key never leave the server. */
const present = ({ clientSecret: _s, aesKey: _k, ...rest }: typeof client.$inferSelect) => ({
  ...rest,
  clientSecret: '',
})

/** OAuth clients (blade_client), platform-wide, platform administrator only. */
export async function clientRoutes(app: FastifyInstance) {
  const list = async (request: FastifyRequest) => {
    const found = await dataOf(request)
      .repo(client)
      .page(request.query as Row, {
        filters: { skip: ['clientSecret', 'aesKey'] },
        sort: [sql`${client.clientId} asc`],
      })
    return ok({ ...found, records: found.records.map(present) })
  }
  for (const path of ['list', 'page']) {
    app.get(
      `/api/blade-system/client/${path}`,
      { schema: { querystring: z.record(z.string(), z.unknown()) } },
      async (request) => {
        requirePlatformAdmin(request)
        return list(request)
      },
    )
  }

  app.get(
    '/api/blade-system/client/detail',
    { schema: { querystring: z.object({ id: idParam() }).loose() } },
    async (request) => {
      requirePlatformAdmin(request)
      const { id } = request.query as { id: string }
      const [row] = await app.db
        .select()
        .from(client)
        .where(and(live, eq(client.id, id)))
      if (!row) bad('数据不存在或无权访问')
      return ok(present(row))
    },
  )

  const schema = entitySchema(clientResource)
  app.post(
    '/api/blade-system/client/submit',
    { schema: { body: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const me = requirePlatformAdmin(request)
      const parsed = schema.parse(request.body) as Row
      const isNew = !parsed.id
      const secret =
        typeof parsed.clientSecret === 'string' && parsed.clientSecret !== ''
          ? parsed.clientSecret
          : undefined
      if (isNew && !secret) bad('请输入应用密钥')
      if (secret && secret.length < 8) bad('应用密钥至少8位')
      const values: Partial<typeof client.$inferInsert> = {
        clientId: String(parsed.clientId),
        scope: String(parsed.scope ?? 'all'),
        authorizedGrantTypes: String(parsed.authorizedGrantTypes),
        webServerRedirectUri: (parsed.webServerRedirectUri as string) ?? null,
        resourceIds: (parsed.resourceIds as string) ?? null,
        authorities: (parsed.authorities as string) ?? null,
        accessTokenValidity: Number(parsed.accessTokenValidity ?? 3600),
        refreshTokenValidity: Number(parsed.refreshTokenValidity ?? 604800),
        additionalInformation: (parsed.additionalInformation as string) ?? null,
        autoapprove: (parsed.autoapprove as string) ?? null,
        updateUser: me.userId,
        updateTime: new Date(),
      }
      if (secret) values.clientSecret = await hashPassword(secret)
      await app.db.transaction(async (tx) => {
        const db = tx
        const clash = await db
          .select({ id: client.id })
          .from(client)
          .where(
            allOf([
              eq(client.clientId, values.clientId!),
              isNew ? undefined : ne(client.id, String(parsed.id)),
            ]),
          )
        if (clash.length) bad('应用id已存在')
        if (isNew) {
          await db
            .insert(client)
            .values({ ...(values as typeof client.$inferInsert), id: nextId(), createUser: me.userId })
          return
        }
        const updated = await db
          .update(client)
          .set(values)
          .where(and(live, eq(client.id, String(parsed.id))))
          .returning({ id: client.id })
        if (!updated.length) bad('数据不存在或无权修改')
      })
      return done()
    },
  )

  app.post(
    '/api/blade-system/client/remove',
    { schema: { querystring: z.object({ ids: idList }).loose() } },
    async (request) => {
      requirePlatformAdmin(request)
      const { ids } = request.query as { ids: string[] }
      await app.db.transaction(async (tx) => {
        const db = tx
        const rows = await db
          .select({ id: client.id, clientId: client.clientId })
          .from(client)
          .where(and(live, inArray(client.id, ids)))
        if (rows.length !== ids.length) bad('部分数据不存在或无权删除')
        if (request.user && rows.some((r) => r.clientId === request.user!.clientId))
          bad('不能删除当前正在使用的应用')
        // client_id is unique: removing frees it
        await db.delete(client).where(inArray(client.id, ids))
      })
      return done()
    },
  )
}

import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { idList } from '../../shared/resource/validate'
import { code } from '../db/schema'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { nextId } from '../core/ids'
import { requirePlatformAdmin } from '../system/guards'
import { idParam } from '../system/params'
import { generateDefinition } from './generate'
import { liveRows } from '../core/data'

const bodyAndQuery = (request: { query: unknown; body: unknown }) => ({
  ...(request.query as object),
  ...(typeof request.body === 'object' && request.body ? request.body : {}),
})

/** `/api/blade-develop/code/{gen-code,copy}` beyond the standard routes. */
export const developArea: FastifyPluginAsync = async (app) => {
  const loose = { schema: { querystring: z.record(z.string(), z.unknown()), body: z.unknown() } }

  // The generated files come back as text ({files: [{name, content}]}), not written on the server.
  app.post('/api/blade-develop/code/gen-code', loose, async (request) => {
    requirePlatformAdmin(request)
    const input = z
      .object({
        ids: idList,
        system: z.preprocess(
          (v) => (v === '' || v === undefined ? 'system' : v),
          z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, '参数 system 格式不正确'),
        ),
      })
      .loose()
      .parse(bodyAndQuery(request))
    const rows = await app.db
      .select()
      .from(code)
      .where(and(liveRows(code), inArray(code.id, input.ids)))
    if (rows.length !== input.ids.length) bad('部分数据不存在')
    const files = []
    for (const row of rows) files.push(await generateDefinition(app.db, row, input.system))
    return ok({ files })
  })

  app.post('/api/blade-develop/code/copy', loose, async (request) => {
    const user = requirePlatformAdmin(request)
    const input = z.object({ id: idParam() }).loose().parse(bodyAndQuery(request))
    const [row] = await app.db
      .select()
      .from(code)
      .where(and(liveRows(code), eq(code.id, input.id)))
    if (!row) bad('数据不存在')
    const id = nextId()
    const now = new Date()
    await app.db.insert(code).values({
      ...row,
      id,
      codeName: `${String(row.codeName).slice(0, 58)}-copy`,
      createUser: user.userId,
      createTime: now,
      updateUser: user.userId,
      updateTime: now,
    } as never)
    return ok({ id })
  })
}

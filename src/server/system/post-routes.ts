import { asc } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { post } from '../db/schema'
import { ok } from '../core/envelope'
import { dataOf } from '../core/data'
import { tenantParam } from './params'

/** `post/select?tenantId`: the posts of a tenant for the user form (the rest is the standard set). */
export async function postRoutes(app: FastifyInstance) {
  app.get(
    '/api/blade-system/post/select',
    { schema: { querystring: z.object({ tenantId: tenantParam }).loose() } },
    async (request) => {
      const data = dataOf(request, { tenant: (request.query as { tenantId?: string }).tenantId })
      return ok(await data.repo(post).find([], { sort: [asc(post.sort), asc(post.id)] }))
    },
  )
}

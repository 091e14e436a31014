import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { post } from '../db/schema'
import { ok } from '../core/envelope'
import { scopeTenant } from '../core/scope'
import { tenantParam } from './params'

/** `post/select?tenantId`: the posts of a tenant for the user form (the rest is the standard set). */
export async function postRoutes(app: FastifyInstance) {
  app.get(
    '/api/blade-system/post/select',
    { schema: { querystring: z.object({ tenantId: tenantParam }).loose() } },
    async (request) => {
      const tenantId = scopeTenant(request, (request.query as { tenantId?: string }).tenantId)
      const rows = await app.db
        .select()
        .from(post)
        .where(and(eq(post.tenantId, tenantId), eq(post.isDeleted, 0)))
        .orderBy(asc(post.sort), asc(post.id))
      return ok(rows)
    },
  )
}

import { asc } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { projectApi, type PublicProject } from '../../../shared/api/teach'
import { publicDataOf } from '../../core/data'
import { ok } from '../../core/envelope'
import { route } from '../../core/route'
import { publicTenant } from '../../auth/public-tenant'
import { teachProject } from '../../db/schema'
import { presentProjects } from './present'

/**
 * `teachproject/noAuthPage` (domain 9.12): the tenant's 启用 projects for 实验室浏览, without the text
 * fields (purpose, content, equipment), for guests too; rate-limited.
 */
export function registerPublicProjectRoutes(app: FastifyInstance) {
  route(
    app,
    projectApi.noAuthPage,
    async ({ query, request }) => {
      const data = publicDataOf(request, await publicTenant(request))
      const page = await data.repo(teachProject).page(
        { ...query, status: undefined, status_equal: 1, numberBody: undefined, createUser: undefined },
        {
          filters: { skip: ['tenantId', 'purpose', 'content', 'equipment'] },
          sort: [asc(teachProject.experimentNumber)],
        },
      )
      const records: PublicProject[] = (await presentProjects(data, page.records)).map((p) => ({
        id: p.id,
        experimentNumber: String(p.experimentNumber),
        experimentName: String(p.experimentName),
        experimentCategory: Number(p.experimentCategory),
        experimentType: Number(p.experimentType),
        isNetwork: Number(p.isNetwork),
        subjectCode: String(p.subjectCode ?? ''),
        requirement: Number(p.requirement),
        experimenterType: Number(p.experimenterType),
        groupSize: Number(p.groupSize),
        hours: Number(p.hours),
        labId: String(p.labId ?? ''),
        labName: p.labName,
        independentCourse: Number(p.independentCourse),
        deptSerial: String(p.deptSerial ?? ''),
      }))
      return ok({ ...page, records })
    },
    { config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } } },
  )
}

import { inArray } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { majorResource } from '../../shared/resources/base/major'
import { classResource } from '../../shared/resources/base/class'
import { baseClass, baseMajor } from '../db/schema'
import { resourceAccess } from '../core/resource-routes'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { requireUser } from '../core/scope'
import { withNames } from './names'

type Row = Record<string, unknown>
const AnyQuery = z.record(z.string(), z.unknown())
const SERIAL = /^[A-Za-z0-9_-]{1,20}$/

/** `deptSerials=01,02` (or an array) → the list of 院系号, refused when malformed. */
function deptSerialsOf(query: Row): string[] {
  const raw = query.deptSerials ?? query.deptSerial
  if (raw === undefined || raw === '') return []
  const list = (Array.isArray(raw) ? raw : String(raw).split(','))
    .map((s) => String(s).trim())
    .filter(Boolean)
  if (list.length > 500 || list.some((s) => !SERIAL.test(s))) bad('院系号格式不正确')
  return [...new Set(list)]
}

const withoutSerials = (query: Row): Row => {
  const rest = { ...query }
  delete rest.deptSerials
  delete rest.deptSerial
  return rest
}

/** Major routes beyond the standard set, and the class picker. */
export function registerMajorRoutes(app: FastifyInstance) {
  const majors = resourceAccess(majorResource, baseMajor)
  const classes = resourceAccess(classResource, baseClass)
  const base = majorResource.basePath
  const tenantOf = (request: FastifyRequest) => requireUser(request).tenantId

  const pageWithNames = async (request: FastifyRequest, query: Row, serials: string[]) => {
    const result = await majors.findPage(
      app,
      request,
      query,
      serials.length ? [inArray(baseMajor.deptSerial, serials)] : [],
    )
    return ok({ ...result, records: await withNames(app.db, tenantOf(request), result.records) })
  }

  // page2: the major page with each college's name (专业 with 院系名称), for pickers that show both.
  app.get(`${base}/page2`, { schema: { querystring: AnyQuery } }, async (request) =>
    pageWithNames(request, request.query as Row, []),
  )

  // page3: the major page limited to some colleges (`deptSerials=01,02`).
  app.get(`${base}/page3`, { schema: { querystring: AnyQuery } }, async (request) => {
    const query = request.query as Row
    return pageWithNames(request, withoutSerials(query), deptSerialsOf(query))
  })

  // Every major (filters apply), unpaged: the major picker of arrangement parameters and forms.
  app.get(
    `${base}/getCptArrangeParameterMajorList`,
    { schema: { querystring: AnyQuery } },
    async (request) => {
      const rows = await majors.findAll(app, request, { ascs: 'majorSerial', ...(request.query as Row) })
      return ok(await withNames(app.db, tenantOf(request), rows))
    },
  )

  // Majors of the given colleges as dictionary items {dictKey: 专业号, dictValue: 专业名称}.
  app.get(`${base}/getDictionaryByDeptSerials`, { schema: { querystring: AnyQuery } }, async (request) => {
    const query = request.query as Row
    const serials = deptSerialsOf(query)
    const rows = await majors.findAll(
      app,
      request,
      { ascs: 'majorSerial', ...withoutSerials(query) },
      serials.length ? [inArray(baseMajor.deptSerial, serials)] : [],
    )
    return ok(
      rows.map((r) => ({
        id: r.id,
        dictKey: r.majorSerial,
        dictValue: r.majorName,
        majorSerial: r.majorSerial,
        majorName: r.majorName,
        deptSerial: r.deptSerial,
      })),
    )
  })

  // Every class (filters apply), unpaged, for the student form's class picker.
  app.get(`${classResource.basePath}/select`, { schema: { querystring: AnyQuery } }, async (request) => {
    const rows = await classes.findAll(app, request, { ascs: 'classNo', ...(request.query as Row) })
    return ok(
      rows.map((r) => ({
        id: r.id,
        classNo: r.classNo,
        className: r.className,
        deptSerial: r.deptSerial,
        majorSerial: r.majorSerial,
        grade: r.grade,
      })),
    )
  })
}

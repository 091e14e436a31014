import { eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { teachParameterTimeResource } from '../../../shared/resources/teach/parameter-time'
import { minutesOf, periodOfSection, sectionsPerDay } from '../../../shared/resources/teach/calendar'
import { registerResourceRoutes } from '../../core/resource-routes'
import { bad } from '../../core/errors'
import type { Data } from '../../core/data'
import { teachParameterTime } from '../../db/schema'
import { needTermParameter, shapeOf } from '../terms'
import { withChanges } from '../rows'

type Row = Record<string, unknown>

/**
 * 作息时间 rules (domain 1): the term has parameters, the section fits its day, ends after it starts,
 * appears once, and sits between its neighbours (第3节开始时间不能早于第2节结束时间).
 */
async function checkTime(data: Data, row: Row, id: string | null) {
  const academicYearId = String(row.academicYearId)
  const section = Number(row.section)
  const shape = shapeOf(await needTermParameter(data, academicYearId))
  const perDay = sectionsPerDay(shape)
  if (section > perDay) bad(`节次超出每天节数（${perDay}）`)
  const start = minutesOf(String(row.startTime))
  const end = minutesOf(String(row.endTime))
  if (!(end > start)) bad('结束时间必须晚于开始时间')
  const others = (
    await data
      .repo(teachParameterTime)
      .find([
        eq(teachParameterTime.academicYearId, academicYearId),
        id ? ne(teachParameterTime.id, id) : undefined,
      ])
  ).filter((r) => r.section !== null)
  if (others.some((r) => r.section === section)) bad(`第${section}节已存在`)
  const before = others
    .filter((r) => Number(r.section) < section)
    .sort((a, b) => Number(b.section) - Number(a.section))[0]
  const after = others
    .filter((r) => Number(r.section) > section)
    .sort((a, b) => Number(a.section) - Number(b.section))[0]
  if (before && start < minutesOf(String(before.endTime)))
    bad(`第${section}节开始时间不能早于第${before.section}节结束时间`)
  if (after && minutesOf(String(after.startTime)) < end)
    bad(`第${after.section}节开始时间不能早于第${section}节结束时间`)
  row.period = periodOfSection(shape, section)
}

export function registerParameterTimeRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, teachParameterTimeResource, teachParameterTime, {
    beforeSave: async ({ data, request, row, isNew }) => {
      const id = isNew ? null : String((request.body as Row).id)
      const merged = isNew ? row : withChanges(await data.repo(teachParameterTime).need(id!), row)
      await checkTime(data, merged, id)
      row.period = merged.period
    },
  })
}

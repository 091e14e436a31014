import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { timeNodeApi } from '../../../shared/api/teach'
import {
  dateOfWeekday,
  holidaysOf,
  nodeName,
  periodOfSection,
  sectionsPerDay,
  teachingWeekdaysOf,
  type TermShape,
} from '../../../shared/resources/teach/calendar'
import { teachTimeNodeResource } from '../../../shared/resources/teach/time-node'
import { ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import type { Data } from '../../core/data'
import { route } from '../../core/route'
import { teachTimeNode } from '../../db/schema'
import { needTerm, needTermParameter, sectionTimes, shapeOf } from '../terms'

interface NodeValues {
  week: number
  weekday: number
  section: number
  date: string
  startTime: string
  endTime: string
  period: number
  available: number
  name: string
}

const keyOf = (n: { week: number | null; weekday: number | null; section: number | null }) =>
  `${n.week}|${n.weekday}|${n.section}`

/** Every (week, teaching weekday, section) of a term with its date, times and availability. */
export function nodesOf(shape: TermShape, times: { section: number; startTime: string; endTime: string }[]) {
  const holidays = new Set(holidaysOf(shape))
  const bySection = new Map(times.map((t) => [t.section, t]))
  const out: NodeValues[] = []
  for (let week = 1; week <= shape.weeks; week++)
    for (const weekday of teachingWeekdaysOf(shape)) {
      const date = dateOfWeekday(shape.firstWeekMonday, week, weekday)
      for (let section = 1; section <= sectionsPerDay(shape); section++) {
        const t = bySection.get(section)!
        out.push({
          week,
          weekday,
          section,
          date,
          startTime: t.startTime,
          endTime: t.endTime,
          period: periodOfSection(shape, section),
          available: holidays.has(date) ? 0 : 1,
          name: nodeName(week, weekday, section),
        })
      }
    }
  return out
}

/**
 * 生成节点: upserts weeks × teaching weekdays × sections (unchanged keys keep their ids), drops the
 * keys now outside the calendar, and refuses an incomplete 作息时间 (domain 1). One transaction.
 */
export async function generateNodes(data: Data, academicYearId: string) {
  await needTerm(data, academicYearId)
  const shape = shapeOf(await needTermParameter(data, academicYearId))
  const perDay = sectionsPerDay(shape)
  const times = (await sectionTimes(data, academicYearId)).filter((t) => Number(t.section) <= perDay)
  if (times.length < perDay) bad(`作息时间不完整：每天${perDay}节，已设置${times.length}节`)
  const wanted = nodesOf(
    shape,
    times.map((t) => ({
      section: Number(t.section),
      startTime: String(t.startTime),
      endTime: String(t.endTime),
    })),
  )
  const repo = data.repo(teachTimeNode)
  const existing = await repo.find([eq(teachTimeNode.academicYearId, academicYearId)])
  const have = new Map(existing.map((n) => [keyOf(n), n.id]))
  const wantedKeys = new Set(wanted.map(keyOf))
  const gone = existing.filter((n) => !wantedKeys.has(keyOf(n))).map((n) => n.id)
  for (let i = 0; i < gone.length; i += 1000)
    await repo.deleteWhere([inArray(teachTimeNode.id, gone.slice(i, i + 1000))])
  const updates = wanted.filter((n) => have.has(keyOf(n)))
  for (let i = 0; i < updates.length; i += 500) {
    const chunk = updates.slice(i, i + 500)
    const values = sql.join(
      chunk.map(
        (n) =>
          sql`(${have.get(keyOf(n))}::bigint, ${n.date}::date, ${n.startTime}, ${n.endTime}, ${n.period}::int, ${n.available}::int, ${n.name})`,
      ),
      sql`, `,
    )
    await data.db.execute(sql`update ${teachTimeNode} set date = v.date, start_time = v.start_time,
      end_time = v.end_time, period = v.period, available = v.available, name = v.name, update_time = now()
      from (values ${values}) as v(id, date, start_time, end_time, period, available, name)
      where ${teachTimeNode.id} = v.id and ${data.rows(teachTimeNode)}`)
  }
  await repo.insert(wanted.filter((n) => !have.has(keyOf(n))).map((n) => ({ ...n, academicYearId })))
  return {
    count: wanted.length,
    unavailable: wanted.filter((n) => !n.available).length,
    removed: gone.length,
  }
}

export function registerTimeNodeRoutes(app: FastifyInstance) {
  route(app, timeNodeApi.list, async ({ query, data }) => {
    const page = await data.repo(teachTimeNode, teachTimeNodeResource).page(query, {
      sort: [asc(teachTimeNode.week), asc(teachTimeNode.weekday), asc(teachTimeNode.section)],
    })
    return ok(page as never)
  })

  route(app, timeNodeApi.generate, async ({ query, data }) => {
    const result = await data.transaction((tx) => generateNodes(tx, query.academicYearId))
    return ok(result, `已生成${result.count}个时间节点`)
  })

  route(app, timeNodeApi.selectByIds, async ({ query, data }) => {
    if (query.ids.length > 2000) bad('一次最多查询2000个节点')
    const rows = await data.repo(teachTimeNode).find([inArray(teachTimeNode.id, query.ids)], {
      sort: [asc(teachTimeNode.week), asc(teachTimeNode.weekday), asc(teachTimeNode.section)],
    })
    return ok(rows as never)
  })
}

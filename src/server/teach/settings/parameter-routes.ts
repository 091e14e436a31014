import { eq, gt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { teachParameterApi } from '../../../shared/api/teach'
import { teachParameterResource } from '../../../shared/resources/teach/parameter'
import { entitySchema } from '../../../shared/resource/validate'
import {
  DEFAULT_SECTION_TIMES,
  dayNumber,
  holidaysOf,
  isIsoDate,
  localDateOf,
  parseNumberList,
  periodOfSection,
  sectionsPerDay,
  weekOfDate,
  weekdayOfDate,
  type TermShape,
} from '../../../shared/resources/teach/calendar'
import { ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import type { Data } from '../../core/data'
import { teachParameter, teachParameterTime } from '../../db/schema'
import { route } from '../../core/route'
import { checkTermGuards } from '../extensions'
import {
  currentTermOf,
  defaultParameter,
  needTerm,
  previousTermWithTimes,
  sectionTimes,
  shapeOf,
  teachingSpan,
  termParameter,
} from '../terms'

const schema = entitySchema(teachParameterResource)

const withCount = <T extends TermShape>(row: T) => ({ ...row, sectionsPerDay: sectionsPerDay(row) })

/** The calendar rules of domain 1, in the order a user fixes them. */
export function checkTermShape(shape: TermShape): string {
  if (weekdayOfDate(shape.firstWeekMonday) !== 1) bad('第一周开始日期必须是星期一')
  const days = parseNumberList(shape.teachingWeekdays)
  if (!days.length || days.some((d) => d < 1 || d > 7)) bad('请选择上课日')
  const total = sectionsPerDay(shape)
  if (total < 1 || total > 16) bad('每天节数合计必须在1到16之间')
  const span = teachingSpan(shape)
  const holidays = [...new Set(holidaysOf(shape))].sort()
  for (const day of holidays) {
    if (!isIsoDate(day)) bad(`节假日日期格式不正确：${day}`)
    const n = dayNumber(day)
    if (n < span.first || n > span.last) bad(`节假日${day}不在本学期教学周内`)
  }
  return holidays.join(',')
}

/** Saves a term's parameters; the first save also gives it 作息时间 (the previous term's, else defaults). */
async function saveParameter(data: Data, body: Record<string, unknown>) {
  const parsed = schema.safeParse(body)
  if (!parsed.success) bad(parsed.error.issues[0]?.message ?? '教学参数格式不正确')
  const row = parsed.data as Record<string, unknown>
  const academicYearId = String(row.academicYearId)
  const shape: TermShape = {
    firstWeekMonday: String(row.firstWeekMonday),
    weeks: Number(row.weeks),
    teachingWeekdays: parseNumberList(String(row.teachingWeekdays)).join(','),
    morningSections: Number(row.morningSections),
    afternoonSections: Number(row.afternoonSections),
    eveningSections: Number(row.eveningSections),
    holidays: String(row.holidays ?? ''),
  }
  shape.holidays = checkTermShape(shape)
  const term = await needTerm(data, academicYearId)
  const repo = data.repo(teachParameter, teachParameterResource)
  const existing = await termParameter(data, academicYearId)
  const id = typeof body.id === 'string' && body.id ? body.id : ''
  if (existing && existing.id !== id) bad('该学年学期的教学参数已存在')
  if (!existing && id) bad('数据不存在或无权修改')
  await checkTermGuards({ data, academicYearId, before: existing ? shapeOf(existing) : null, after: shape })
  const values = { ...shape, academicYearId, remark: (row.remark as string | undefined) ?? null }
  if (existing) {
    await repo.update(existing.id, values)
    // Sections beyond the new day length have no place in the 作息时间 any more.
    const times = data.repo(teachParameterTime)
    const beyond = await times.find([
      eq(teachParameterTime.academicYearId, academicYearId),
      gt(teachParameterTime.section, sectionsPerDay(shape)),
    ])
    if (beyond.length) await times.remove(beyond.map((r) => r.id))
    await refreshPeriods(data, academicYearId, shape)
    return existing.id
  }
  const [newId] = await repo.insert(values)
  await seedTimes(data, term, shape)
  return newId
}

/** A term's first 作息时间: the previous term's rows, else the default day, cut to its sections. */
async function seedTimes(data: Data, term: Awaited<ReturnType<typeof needTerm>>, shape: TermShape) {
  const times = data.repo(teachParameterTime)
  if (await times.exists(eq(teachParameterTime.academicYearId, term.id))) return
  const from = await previousTermWithTimes(data, term)
  const source: [string, string][] = from
    ? (await sectionTimes(data, from)).map((r) => [String(r.startTime), String(r.endTime)])
    : DEFAULT_SECTION_TIMES
  const count = sectionsPerDay(shape)
  await times.insert(
    source.slice(0, count).map(([startTime, endTime], i) => ({
      academicYearId: term.id,
      section: i + 1,
      startTime,
      endTime,
      period: periodOfSection(shape, i + 1),
    })),
  )
}

/** Periods follow the morning / afternoon / evening counts. */
async function refreshPeriods(data: Data, academicYearId: string, shape: TermShape) {
  const times = data.repo(teachParameterTime)
  for (const row of await sectionTimes(data, academicYearId)) {
    const period = periodOfSection(shape, Number(row.section))
    if (row.period !== period) await times.update(row.id, { period })
  }
}

export function registerParameterRoutes(app: FastifyInstance) {
  route(app, teachParameterApi.detailByTerm, async ({ query, data }) => {
    const term = await needTerm(data, query.academicYearId)
    const row = await termParameter(data, term.id)
    return ok(withCount(row ? { ...row, ...shapeOf(row) } : defaultParameter(term)) as never)
  })

  route(app, teachParameterApi.current, async ({ data }) => {
    const term = await currentTermOf(data)
    if (!term) return ok(null)
    const row = await termParameter(data, term.id)
    const shape = row ? { ...row, ...shapeOf(row) } : defaultParameter(term)
    const today = new Date()
    const { week } = weekOfDate(shape.firstWeekMonday, localDateOf(today))
    return ok({
      ...withCount(shape),
      termName: String(term.name ?? ''),
      currentWeek: Math.max(0, Math.min(week, shape.weeks)),
      times: row ? await sectionTimes(data, term.id) : [],
    } as never)
  })

  route(app, teachParameterApi.submit, async ({ body, data }) => {
    const id = await data.transaction((tx) => saveParameter(tx, body))
    return ok({ id })
  })
}

import { asc, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { competitionParameterApi as api, type Parameter } from '../../shared/api/competition'
import { entitySchema } from '../../shared/resource/validate'
import type { FieldDef } from '../../shared/resource/types'
import { competitionAddressResource, competitionParameterResource } from '../../shared/resources/competition'
import { route } from '../core/route'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { parseDateTime } from '../core/serialize'
import type { Data } from '../core/data'
import { competitionAddress, competitionParameter } from '../db/schema'
import { yearOr } from './caller'

type Row = Record<string, unknown>
type ParameterRow = typeof competitionParameter.$inferSelect

const parameterSchema = entitySchema(competitionParameterResource)
const addressSchema = entitySchema(competitionAddressResource)
const addressPatch = entitySchema(competitionAddressResource, { partial: true })

/** The parameter row of a 学年, or the defaults with an empty id (A.1). */
export async function parameterOf(data: Data, academicYear: string): Promise<ParameterRow> {
  const row = await data.repo(competitionParameter).first(eq(competitionParameter.academicYear, academicYear))
  if (row) return row
  const defaults: Row = {
    id: '',
    academicYear,
    applyStart: null,
    applyEnd: null,
    majorSerials: '',
    remark: '',
  }
  for (const f of competitionParameterResource.fields as readonly FieldDef[])
    if (f.default !== undefined) defaults[f.name] = f.default
  return defaults as unknown as ParameterRow
}

const toTime = (v: unknown) => (typeof v === 'string' && v ? parseDateTime(v.replace('T', ' ')) : null)

/** The checks of A.1 beyond the field rules. */
function checkParameter(p: Row) {
  const start = toTime(p.applyStart)
  const end = toTime(p.applyEnd)
  if (start && end && end <= start) bad('申报截止时间必须晚于开始时间')
  if (Number(p.defaultMinMembers ?? 2) > Number(p.defaultMaxMembers ?? 5)) bad('团队人数上限不能小于下限')
  if (Number(p.gradeARatio ?? 20) + Number(p.gradeBRatio ?? 50) > 100) bad('A类与B类比例之和不能超过100%')
}

/** Venues of the body: updated by id, inserted without; names unique among the tenant's live venues. */
async function saveAddresses(data: Data, list: unknown) {
  if (list === undefined || list === null) return
  if (!Array.isArray(list)) bad('比赛地点格式不正确')
  const rows = (list as Row[]).map((a, i) => {
    const hasId = typeof a.id === 'string' && a.id !== ''
    const parsed = (hasId ? addressPatch : addressSchema).safeParse(a)
    if (!parsed.success) bad(`第${i + 1}个比赛地点：${parsed.error.issues[0]?.message ?? '格式不正确'}`)
    return parsed.data as Row
  })
  const names = rows.map((r) => String(r.addressName ?? '').trim()).filter(Boolean)
  if (new Set(names).size !== names.length) bad('比赛地点已存在')
  const repo = data.repo(competitionAddress)
  for (const r of rows) {
    const id = typeof r.id === 'string' && r.id ? r.id : null
    if (r.addressName !== undefined) r.addressName = String(r.addressName).trim()
    if (r.addressName) {
      const clash = await repo.exists(
        eq(competitionAddress.addressName, String(r.addressName)),
        id ? ne(competitionAddress.id, id) : undefined,
      )
      if (clash) bad('比赛地点已存在')
    }
    const { id: _id, ...values } = r
    if (id) {
      if (!(await repo.update(id, values))) bad('比赛地点不存在')
    } else {
      await repo.insert({ status: 1, sort: 0, ...values } as never)
    }
  }
}

export function registerParameterRoutes(app: FastifyInstance) {
  route(app, api.currentData, async ({ query, data }) => {
    const row = await parameterOf(data, await yearOr(data, query.academicYear))
    return ok(row as unknown as Parameter)
  })

  route(app, api.submit, async ({ body, data }) => {
    const raw = body as unknown as Row
    const parsed = parameterSchema.parse(raw) as Row
    checkParameter(parsed)
    const id = await data.transaction(async (tx) => {
      const repo = tx.repo(competitionParameter)
      const values: Row = { ...parsed }
      delete values.id
      for (const key of ['applyStart', 'applyEnd']) values[key] = toTime(values[key])
      const existing = await repo.first(eq(competitionParameter.academicYear, String(parsed.academicYear)))
      let rowId: string
      if (existing) {
        rowId = existing.id
        await repo.update(rowId, values as never)
      } else {
        ;[rowId] = await repo.insert(values as never)
      }
      await saveAddresses(tx, raw.addresses)
      return rowId
    })
    return ok({ id })
  })

  route(app, api.addressPage, async ({ query, data }) => {
    const where = []
    const status = query.status ?? query.status_equal
    if (status === '0' || status === '1' || status === 0 || status === 1)
      where.push(eq(competitionAddress.status, Number(status)))
    const page = await data.repo(competitionAddress).page(query, {
      where,
      filters: { skip: ['status', 'status_equal'] },
      sort: [asc(competitionAddress.sort), asc(competitionAddress.addressName)],
    })
    return ok(page)
  })
}

/** Enabled venues, for the pickers of the round dialogs. */
export async function enabledAddresses(data: Data) {
  return data.repo(competitionAddress).find([inArray(competitionAddress.status, [1])], {
    sort: [asc(competitionAddress.sort), asc(competitionAddress.addressName)],
  })
}

import type { FastifyInstance } from 'fastify'
import { experimentApi, type WindowState } from '../../shared/api/experiment'
import { experimentProjectParamsResource } from '../../shared/resources/experiment/params'
import { entitySchema } from '../../shared/resource/validate'
import type { Data } from '../core/data'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { route } from '../core/route'
import { formatDateTime, parseDateTime } from '../core/serialize'
import { experimentProject, experimentProjectParams } from '../db/schema'

/**
 * 预约参数 (domain 8): one row per tenant (defaults until saved) and the booking window a project
 * opens in: its own start and end where set, else the parameters'.
 */

type ParamsRow = typeof experimentProjectParams.$inferSelect
type ProjectRow = typeof experimentProject.$inferSelect

export const PARAM_DEFAULTS = {
  maxProjects: 3,
  advanceHours: 24,
  cancelHours: 24,
  allowCancel: 1,
  notice: '',
}

export interface Params {
  id: string
  subscribeStart: Date | null
  subscribeEnd: Date | null
  maxProjects: number
  advanceHours: number
  cancelHours: number
  allowCancel: number
  notice: string
}

export async function paramsOf(data: Data): Promise<Params> {
  const row: ParamsRow | null = await data.repo(experimentProjectParams).first()
  return {
    id: row?.id ?? '',
    subscribeStart: row?.subscribeStart ?? null,
    subscribeEnd: row?.subscribeEnd ?? null,
    maxProjects: row?.maxProjects ?? PARAM_DEFAULTS.maxProjects,
    advanceHours: row?.advanceHours ?? PARAM_DEFAULTS.advanceHours,
    cancelHours: row?.cancelHours ?? PARAM_DEFAULTS.cancelHours,
    allowCancel: row?.allowCancel ?? PARAM_DEFAULTS.allowCancel,
    notice: row?.notice ?? PARAM_DEFAULTS.notice,
  }
}

/** yyyy-MM-dd HH:mm, as the messages show times. */
export const minuteText = (d: Date) => formatDateTime(d).slice(0, 16)

/** The window a project books in, and whether `now` is inside it (no window at all: always open). */
export function windowOf(
  params: Params,
  project: Pick<ProjectRow, 'subscribeStart' | 'subscribeEnd'> | null,
  now = new Date(),
): WindowState {
  const start = project?.subscribeStart ?? params.subscribeStart
  const end = project?.subscribeEnd ?? params.subscribeEnd
  let msg = ''
  if (start && now < start) msg = `预约尚未开始（开始时间：${minuteText(start)}）`
  else if (end && now > end) msg = '预约已结束'
  return {
    open: !msg,
    start: start ? formatDateTime(start) : null,
    end: end ? formatDateTime(end) : null,
    now: formatDateTime(now),
    msg: msg || (start || end ? '预约进行中' : '预约不限时间'),
  }
}

const schema = entitySchema(experimentProjectParamsResource)

export function registerParamsRoutes(app: FastifyInstance) {
  route(app, experimentApi.params.detail, async ({ data }) => {
    const params = await paramsOf(data)
    return ok({
      ...params,
      subscribeStart: params.subscribeStart ? formatDateTime(params.subscribeStart) : null,
      subscribeEnd: params.subscribeEnd ? formatDateTime(params.subscribeEnd) : null,
      window: windowOf(params, null),
    } as never)
  })

  route(app, experimentApi.params.checkTime, async ({ data }) => ok(windowOf(await paramsOf(data), null)))

  route(app, experimentApi.params.submit, async ({ body, data }) => {
    const parsed = schema.safeParse(body)
    if (!parsed.success) bad(parsed.error.issues[0]?.message ?? '预约参数格式不正确')
    const v = parsed.data as Record<string, unknown>
    const start = parseDateTime(String(v.subscribeStart).replace('T', ' ').padEnd(19, ':00').slice(0, 19))
    const end = parseDateTime(String(v.subscribeEnd).replace('T', ' ').padEnd(19, ':00').slice(0, 19))
    if (!(end > start)) bad('预约结束时间必须晚于开始时间')
    const values = {
      subscribeStart: start,
      subscribeEnd: end,
      maxProjects: Number(v.maxProjects ?? PARAM_DEFAULTS.maxProjects),
      advanceHours: Number(v.advanceHours ?? PARAM_DEFAULTS.advanceHours),
      cancelHours: Number(v.cancelHours ?? PARAM_DEFAULTS.cancelHours),
      allowCancel: Number(v.allowCancel ?? PARAM_DEFAULTS.allowCancel),
      notice: (v.notice as string | undefined) ?? '',
    }
    const id = await data.transaction(async (tx) => {
      const repo = tx.repo(experimentProjectParams)
      const existing = await repo.first()
      if (existing) {
        await repo.update(existing.id, values)
        return existing.id
      }
      const [newId] = await repo.insert(values)
      return newId
    })
    return ok({ id }, '保存成功')
  })
}

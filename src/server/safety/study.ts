import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../core/resource-routes'
import { route } from '../core/route'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import type { Data } from '../core/data'
import { safetyCourse, safetyKnowledge, safetyManual, safetyStudyRecord } from '../db/schema'
import { studyRecordResource } from '../../shared/resources/safety/learning'
import { safetyLearningApi, type StudySummary } from '../../shared/api/safety'
import { clock } from './clock'
import { personOf } from './people'

/** Most a heartbeat credits: one reader sends one every 60 s while visible. */
const HEARTBEAT_SECONDS = 60

const RESOURCES = { 1: safetyCourse, 2: safetyManual, 3: safetyKnowledge } as const

/** The caller's study minutes: floor(Σ studySeconds / 60) over all their records (B.1). */
export async function studyMinutesOf(data: Data, userId: string): Promise<number> {
  const [row] = await data.db
    .select({ s: sql<string>`coalesce(sum(${safetyStudyRecord.studySeconds}), 0)` })
    .from(safetyStudyRecord)
    .where(data.rows(safetyStudyRecord, eq(safetyStudyRecord.userId, userId)))
  return Math.floor(Number(row?.s ?? 0) / 60)
}

async function summaryOf(data: Data, userId: string): Promise<StudySummary> {
  const records = await data.repo(safetyStudyRecord).find([eq(safetyStudyRecord.userId, userId)])
  const seconds = records.reduce((s, r) => s + (r.studySeconds ?? 0), 0)
  const courseCount = await data.repo(safetyCourse).count(eq(safetyCourse.status, 1))
  return {
    minutes: Math.floor(seconds / 60),
    finishedCourses: records.filter((r) => r.resourceType === 1 && r.finished === 1).length,
    courseCount,
    records: records.map((r) => ({
      resourceType: r.resourceType ?? 0,
      resourceId: r.resourceId ?? '',
      resourceTitle: r.resourceTitle ?? '',
      studySeconds: r.studySeconds ?? 0,
      finished: r.finished ?? 0,
    })),
  }
}

/**
 * One heartbeat of a reader: credit min(seconds, 60, now − the caller's latest heartbeat on any
 * resource), so two readers open at once still earn a minute a minute. The record is always the
 * caller's; heartbeats of one user are serialised by an advisory lock.
 */
async function heartbeat(data: Data, body: { resourceType: number; resourceId?: string; seconds: number }) {
  const me = data.me
  const now = clock.now()
  const resourceId = body.resourceId
  // No resource: the portal's read of 我的学习 (seconds must be 0).
  if (!resourceId) {
    if (body.seconds > 0) bad('请选择学习内容')
    return { credited: 0, studySeconds: 0, finished: 0, mine: await summaryOf(data, me.userId) }
  }
  return data.transaction(async (tx) => {
    await tx.db.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`safety-study:${tx.tenantId}:${me.userId}`}))`,
    )
    const type = body.resourceType as 1 | 2 | 3
    const table = RESOURCES[type]
    const resource = await tx.repo(table).first(eq(table.id, resourceId), eq(table.status, 1))
    if (!resource) bad('学习内容不存在或未发布')
    const records = tx.repo(safetyStudyRecord)
    const [latest] = await records.find([eq(safetyStudyRecord.userId, me.userId)], {
      sort: [sql`${safetyStudyRecord.lastTime} desc nulls last`],
      limit: 1,
    })
    const since = latest?.lastTime
      ? Math.max(0, Math.floor((now.getTime() - latest.lastTime.getTime()) / 1000))
      : HEARTBEAT_SECONDS
    const credited = Math.max(0, Math.min(body.seconds, HEARTBEAT_SECONDS, since))
    const required = type === 1 ? ((resource as { studyMinutes?: number | null }).studyMinutes ?? 1) * 60 : 60
    const existing = await records.first(
      eq(safetyStudyRecord.userId, me.userId),
      eq(safetyStudyRecord.resourceType, type),
      eq(safetyStudyRecord.resourceId, resourceId),
    )
    let studySeconds: number
    if (existing) {
      studySeconds = (existing.studySeconds ?? 0) + credited
      // A read (0 seconds) does not move the last heartbeat.
      if (body.seconds > 0 || credited > 0)
        await records.update(existing.id, {
          studySeconds,
          studyMinutes: Math.floor(studySeconds / 60),
          finished: studySeconds >= required ? 1 : 0,
          lastTime: now,
        })
    } else {
      const person = await personOf(tx, me.userId)
      studySeconds = credited
      await records.insert({
        userId: me.userId,
        userType: person.userType,
        userCode: person.userCode,
        userName: person.userName,
        deptSerial: person.deptSerial,
        resourceType: type,
        resourceId,
        resourceTitle: String((resource as { title?: string | null }).title ?? ''),
        studySeconds,
        studyMinutes: Math.floor(studySeconds / 60),
        finished: studySeconds >= required ? 1 : 0,
        firstTime: now,
        lastTime: now,
      })
      // 浏览次数 counts readers: one per person and resource.
      if (type !== 2)
        await tx.db
          .update(table)
          .set({ viewCount: sql`coalesce(view_count, 0) + 1` } as never)
          .where(tx.rows(table, eq(table.id, resourceId)))
    }
    return {
      credited,
      studySeconds,
      finished: studySeconds >= required ? 1 : 0,
      mine: await summaryOf(tx, me.userId),
    }
  })
}

export function registerStudyRoutes(app: FastifyInstance) {
  registerResourceRoutes(
    app,
    { ...studyRecordResource, routes: ['list', 'page', 'detail', 'remove'] },
    safetyStudyRecord,
  )
  route(app, safetyLearningApi.studyRecord.submit, async ({ data, body }) => ok(await heartbeat(data, body)))
}

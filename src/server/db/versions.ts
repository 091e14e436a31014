import { sql, type SQL } from 'drizzle-orm'
import type { Db } from './client'
import type { PgTable } from 'drizzle-orm/pg-core'
import {
  dataVersion,
  safetyCategory,
  safetyQuestion,
  teachCoursePlan,
  teachCoursePlanProject,
  teachParameter,
  teachParameterTime,
  teachProject,
} from './schema'

/**
 * What the change versions (dataVersion) follow: each topic moves with every statement that writes one
 * of its tables (the triggers of routines.ts), in the writer's transaction.
 */
export const VERSION_TOPICS = {
  /** The question bank the safety exams draw from (pool-cache.ts). */
  safetyBank: { name: 'safety_bank', tables: [safetyQuestion, safetyCategory] },
  /** What a batch plan hangs on: plan lines, plans, projects and term calendars (schedule's line contexts). */
  teachContext: {
    name: 'teach_context',
    tables: [teachCoursePlanProject, teachCoursePlan, teachProject, teachParameter, teachParameterTime],
  },
} satisfies Record<string, { name: string; tables: PgTable[] }>

export type VersionTopic = keyof typeof VERSION_TOPICS

/**
 * A tenant's version of a topic as text ('0' before the topic's first write): a scalar expression, so a
 * statement that needs it reads it beside what it reads anyway.
 */
export const versionOf = (tenantId: string, topic: VersionTopic): SQL<string> =>
  sql<string>`coalesce((select ${dataVersion.version}::text from ${dataVersion}
    where ${dataVersion.tenantId} = ${tenantId} and ${dataVersion.topic} = ${VERSION_TOPICS[topic].name}), '0')`

/** A tenant's version of a topic, read on its own (a caller with no statement to put it beside). */
export async function readVersion(db: Db, tenantId: string, topic: VersionTopic): Promise<string> {
  const [row] = await db.select({ version: versionOf(tenantId, topic) }).from(sql`(select 1) as one`)
  return row?.version ?? '0'
}

import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { flowTask, flowTaskCandidate } from '../db/schema'
import { candidateKeysOf } from './candidates'
import type { Actor, Executor } from './db-types'

/** Roles that oversee every process of their tenant (monitoring, audits). */
const OVERSEERS = ['administrator', 'staff']

/**
 * Who may read an instance's steps and its business record: the applicant, anyone who has or had
 * one of its tasks or may claim one, and the tenant's administrators and staff.
 */
export async function canSeeInstance(
  db: Executor,
  actor: Actor,
  instance: { id: string; startUserId: string },
) {
  if (instance.startUserId === actor.userId) return true
  if (actor.roleAliases.some((r) => OVERSEERS.includes(r))) return true
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(flowTask)
    .where(
      and(
        eq(flowTask.instanceId, instance.id),
        or(
          eq(flowTask.assigneeId, actor.userId),
          sql`exists (select 1 from ${flowTaskCandidate} where ${flowTaskCandidate.taskId} = ${flowTask.id} and ${inArray(flowTaskCandidate.candidateKey, candidateKeysOf(actor))})`,
        ),
      ),
    )
    .limit(1)
  return !!row
}

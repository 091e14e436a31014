import { and, inArray, isNull } from 'drizzle-orm'
import type { RepairTask } from '../../shared/api/repairs'
import type { Data } from '../core/data'
import { flowTask, flowTaskCandidate } from '../db/schema'
import { candidateKeysOf } from '../flow/candidates'
import type { Actor } from '../flow/db-types'

/**
 * The open step of each process instance, with whether `actor` may do it (its assignee, or a
 * candidate of an unclaimed one): lists show 办理 only where it leads somewhere.
 */
export async function openTasks(
  data: Data,
  actor: Actor,
  instanceIds: string[],
): Promise<Map<string, RepairTask>> {
  const ids = [...new Set(instanceIds.filter(Boolean))]
  const out = new Map<string, RepairTask>()
  if (!ids.length) return out
  const tasks = await data.db
    .select()
    .from(flowTask)
    .where(data.rows(flowTask, inArray(flowTask.instanceId, ids), isNull(flowTask.endTime)))
  const unclaimed = tasks.filter((t) => !t.assigneeId).map((t) => t.id)
  const claimable = new Set(
    unclaimed.length
      ? (
          await data.db
            .select({ taskId: flowTaskCandidate.taskId })
            .from(flowTaskCandidate)
            .where(
              and(
                inArray(flowTaskCandidate.taskId, unclaimed),
                inArray(flowTaskCandidate.candidateKey, candidateKeysOf(actor)),
              ),
            )
        ).map((r) => r.taskId)
      : [],
  )
  for (const t of tasks)
    out.set(t.instanceId, {
      taskId: t.id,
      taskDefinitionKey: t.taskDefKey,
      name: t.name,
      assigneeName: t.assigneeName,
      mine: t.assigneeId ? t.assigneeId === actor.userId : claimable.has(t.id),
    })
  return out
}

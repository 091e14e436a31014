import { Data } from '../core/data'
import type { PgTable } from 'drizzle-orm/pg-core'
import { onFlowEvent, type FlowEvent } from '../flow/business'
import type { Db } from '../db/client'
import { competitionApply, competitionFinal, competitionPreliminary } from '../db/schema'
import { APPLY_STATUS, ROUND_STATUS } from '../../shared/resources/competition'
import { APPLY_FLOW } from './applications'
import { now } from './clock'

/**
 * What the approvals do to the records (A.3, A.6, A.7), inside the step's transaction: started or
 * re-submitted → 审核中, rejected → 已退回, approved → 待评审 (applications) or 已通过 (rounds),
 * cancelled → 草稿.
 */

export const PRELIMINARY_FLOW = 'competitionPreliminary'
export const FINAL_FLOW = 'competitionFinal'

const dataOfEvent = (event: FlowEvent) =>
  new Data({ db: event.tx as Db, tenantId: event.tenantId, user: null })

function statusOn(
  table: PgTable,
  statuses: { auditing: number; returned: number; approved: number; draft: number },
) {
  const set =
    (status: number, submitted = false) =>
    async (event: FlowEvent) => {
      if (!event.businessId) return
      await dataOfEvent(event)
        .repo(table)
        .update(event.businessId, {
          status,
          processInstanceId: event.processInstanceId,
          ...(submitted ? { submitTime: now() } : {}),
        } as never)
    }
  return {
    started: set(statuses.auditing, true),
    resubmitted: set(statuses.auditing, true),
    rejected: set(statuses.returned),
    approved: set(statuses.approved),
    cancelled: set(statuses.draft),
  }
}

onFlowEvent(
  APPLY_FLOW,
  statusOn(competitionApply, {
    auditing: APPLY_STATUS.auditing,
    returned: APPLY_STATUS.returned,
    approved: APPLY_STATUS.reviewing,
    draft: APPLY_STATUS.draft,
  }),
)
onFlowEvent(PRELIMINARY_FLOW, statusOn(competitionPreliminary, ROUND_STATUS))
onFlowEvent(FINAL_FLOW, statusOn(competitionFinal, ROUND_STATUS))

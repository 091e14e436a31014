import { eq } from 'drizzle-orm'
import { processLeave } from '../../db/schema'
import { onFlowEvent, type FlowEvent, type FlowEventType } from '../../flow/business'

export const LEAVE_PROCESS_KEY = 'leave'
export const LEAVE_TABLE = 'blade_process_leave'

/** flow_status of a leave request: 1 in approval, 2 returned to the applicant, 3 approved, 4 cancelled. */
export const LEAVE_STATUS = { inApproval: 1, returned: 2, approved: 3, cancelled: 4 } as const

const statusAfter: Record<FlowEventType, number> = {
  started: LEAVE_STATUS.inApproval,
  resubmitted: LEAVE_STATUS.inApproval,
  advanced: LEAVE_STATUS.inApproval,
  rejected: LEAVE_STATUS.returned,
  approved: LEAVE_STATUS.approved,
  cancelled: LEAVE_STATUS.cancelled,
}

async function setStatus(e: FlowEvent) {
  if (e.businessTable !== LEAVE_TABLE || !e.businessId) return
  await e.tx
    .update(processLeave)
    .set({
      flowStatus: statusAfter[e.type],
      updateTime: new Date(),
      ...(e.type === 'started' ? { processInstanceId: e.processInstanceId } : {}),
    })
    .where(eq(processLeave.id, e.businessId))
}

let registered = false

/** Keeps each leave request's status in step with its process (once per server process). */
export function registerLeaveStatus(): void {
  if (registered) return
  registered = true
  onFlowEvent(LEAVE_PROCESS_KEY, {
    started: setStatus,
    resubmitted: setStatus,
    rejected: setStatus,
    approved: setStatus,
    cancelled: setStatus,
  })
}

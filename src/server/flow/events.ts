import type { Actor, Executor } from './db-types'

/**
 * What happened to a business record's process, told to the module that owns the record, inside
 * the transaction of the step (so a status update commits or rolls back with the step itself):
 * - started: the process was started for the record;
 * - resubmitted: the applicant re-submitted after a rejection;
 * - advanced: an approver passed a step and the record moved on to the next one (multi-step flows);
 * - rejected: an approver rejected; the record went back to the applicant to edit and re-submit;
 * - approved: the last approver approved and the process ended;
 * - cancelled: the applicant gave up after a rejection, or the instance was deleted.
 */
export type FlowEventType = 'started' | 'resubmitted' | 'advanced' | 'rejected' | 'approved' | 'cancelled'

export interface FlowEvent {
  type: FlowEventType
  tx: Executor
  actor: Actor
  tenantId: string
  processKey: string
  processInstanceId: string
  businessTable: string | null
  businessId: string | null
  comment?: string | null
  /** The step the record is now waiting on, if any (task names joined). */
  currentStep?: string
  /** The definition key of the step just completed (complete-task events only). */
  completedStep?: string
  /** The definition keys of the steps the record now waits on. */
  waitingSteps?: string[]
}

export type FlowEventHandlers = Partial<Record<FlowEventType, (event: FlowEvent) => Promise<void> | void>>

const handlersByKey = new Map<string, FlowEventHandlers[]>()

/** Registers reactions to one process key's events; call once at module load of a business area. */
export function onFlowEvent(processKey: string, handlers: FlowEventHandlers): void {
  const list = handlersByKey.get(processKey) ?? []
  list.push(handlers)
  handlersByKey.set(processKey, list)
}

export async function emitFlowEvent(event: FlowEvent): Promise<void> {
  for (const handlers of handlersByKey.get(event.processKey) ?? []) await handlers[event.type]?.(event)
}

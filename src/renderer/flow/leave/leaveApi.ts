import { leaveApi as leaveEndpoints, type LeaveRecord } from '../../../shared/api/desk'
import { call } from '../../shell/request'

export type { LeaveRecord }

export interface LeaveInput {
  id?: string
  processDefinitionId?: string
  startTime: string
  endTime: string
  reason: string
}

/** flow_status of a leave request (server `LEAVE_STATUS`). */
export const LEAVE_STATUS_TEXT: Record<number, string> = {
  1: '审批中',
  2: '已退回',
  3: '已通过',
  4: '已撤销',
}
export const LEAVE_RETURNED = 2

export const leaveApi = {
  detail: (businessId: string) => call(leaveEndpoints.detail, { query: { businessId } }),
  start: (input: LeaveInput) => call(leaveEndpoints.startProcess, { body: input }),
}

/** Calendar days covered, counting a part day as a day (shown on the form; the server keeps the times). */
export function leaveDays(start: string, end: string): number | null {
  const a = new Date(start.replace(' ', 'T'))
  const b = new Date(end.replace(' ', 'T'))
  if (!start || !end || Number.isNaN(a.getTime()) || Number.isNaN(b.getTime()) || b <= a) return null
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate())
  return Math.round((day(b) - day(a)) / 86_400_000) + 1
}

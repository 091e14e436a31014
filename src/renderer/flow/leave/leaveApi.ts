import { request } from '../../shell/request'

/** `GET /api/blade-desk/process/leave/detail`: the request with its instance. */
export interface LeaveRecord {
  id: string
  processDefinitionId: string | null
  processInstanceId: string | null
  startTime: string
  endTime: string
  reason: string
  applyTime: string
  flowStatus: number
  createUser: string
  flow: { startUser: string; processIsFinished: string; taskName: string } | null
}

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
  detail: (businessId: string) =>
    request<LeaveRecord>({
      method: 'GET',
      path: '/api/blade-desk/process/leave/detail',
      query: { businessId },
    }),
  start: (input: LeaveInput) =>
    request<{ businessId: string; processInstanceId: string; resubmitted?: boolean }>({
      method: 'POST',
      path: '/api/blade-desk/process/leave/start-process',
      body: input,
    }),
}

/** `YYYY-MM-DDTHH:mm` (datetime-local) ⇄ the server's `YYYY-MM-DD HH:mm:ss`. */
export const toServerTime = (local: string) => (local ? `${local.replace('T', ' ')}:00` : '')
export const toLocalInput = (server: string) => (server ? server.slice(0, 16).replace(' ', 'T') : '')

/** Calendar days covered, counting a part day as a day (shown on the form; the server keeps the times). */
export function leaveDays(start: string, end: string): number | null {
  const a = new Date(start)
  const b = new Date(end)
  if (!start || !end || Number.isNaN(a.getTime()) || Number.isNaN(b.getTime()) || b <= a) return null
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate())
  return Math.round((day(b) - day(a)) / 86_400_000) + 1
}

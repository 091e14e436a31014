import { noticeResource } from '../resources/desk/notice'
import { z } from 'zod'
import { Id, IdQuery, type AttachmentInfo } from './common'
import { answer, GET, POST } from './endpoint'
import { resourceEndpoints, type RowOf } from './resource'

export type Notice = RowOf<typeof noticeResource> & {
  /** On `detail` and `getNotice`: the attachments of `attachIds`. */
  attachments?: AttachmentInfo[]
}

/** `/api/blade-desk/notice/*`: the standard routes and the home page's detail by another name. */
export const noticeApi = {
  ...resourceEndpoints(noticeResource),
  getNotice: GET('/api/blade-desk/notice/getNotice', { query: IdQuery, answer: answer<Notice>() }),
}

/** A leave request with its instance (请假流程). */
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

/** 请假流程: a request's detail, and starting (or resubmitting) one. */
export const leaveApi = {
  detail: GET('/api/blade-desk/process/leave/detail', {
    query: z.object({ businessId: Id('请假单编号不正确') }),
    answer: answer<LeaveRecord>(),
  }),
  startProcess: POST('/api/blade-desk/process/leave/start-process', {
    body: z.object({
      id: z.string().optional(),
      processDefinitionId: z.string().optional(),
      startTime: z.string({ error: '请选择开始时间' }),
      endTime: z.string({ error: '请选择结束时间' }),
      reason: z.string({ error: '请填写请假理由' }),
    }),
    answer: answer<{ businessId: string; processInstanceId: string; resubmitted?: boolean }>(),
  }),
}

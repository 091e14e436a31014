import { z } from 'zod'
import { answer, POST } from './endpoint'
import { Id } from './common'

/** What making sign-in accounts for teachers or students did. */
export interface AccountResult {
  created: number
  linked: number
  unchanged: number
}

/** The actions of 基础数据 beyond list-and-edit. */
export const baseActionsApi = {
  /** 同步用户: every teacher and student of the tenant gets a sign-in account. */
  syncToUser: POST('/api/basedata/task/syncToUser', {
    answer: answer<{ teacher: AccountResult; student: AccountResult }>(),
  }),
  /** 生成账号 for the teachers `ids`. */
  teacherToUser: POST('/api/basedata/systeacher/toUser', {
    query: z.object({ ids: z.string({ error: '请选择教师' }).min(1, '请选择教师') }),
    answer: answer<AccountResult>(),
  }),
  /** 设为当前: the academic term `id` becomes the current one. */
  currentTerm: POST('/api/system/academic/current', { query: z.object({ id: Id() }) }),
}

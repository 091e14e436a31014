import { request } from '../shell/request'

/** A task row of the 我的事务 lists (BladeX `BladeFlow`). */
export interface FlowTask {
  taskId?: string
  taskName: string
  taskDefinitionKey?: string
  processDefinitionId: string
  processDefinitionKey: string
  processDefinitionName: string
  processDefinitionVersion?: number
  processInstanceId: string
  businessTable: string
  businessId: string
  category: string
  createTime: string
  endTime?: string | null
  assigneeName?: string
  startUser: string
  processIsFinished?: 'finished' | 'unfinished'
  status?: string
  result?: string
}

/** A deployed process definition (start-list, manager/list). */
export interface FlowDefinition {
  id: string
  tenantId: string
  name: string
  key: string
  category: string
  version: number
  deploymentId: string
  resourceName: string
  description: string
  suspensionState: number
  deploymentTime: string
}

/** One step of history-flow-list. */
export interface HistoryStep {
  historyActivityId: string
  historyActivityName: string
  historyActivityType: 'startEvent' | 'userTask' | 'endEvent' | string
  assignee: string
  assigneeName: string
  createTime: string
  endTime: string | null
  historyActivityDurationTime: string
  comment: string
  taskId?: string
  pass?: boolean | null
}

export interface PageOf<T> {
  records: T[]
  total: number
  current: number
  size: number
}

export type ListQuery = Record<string, string | number>

export const flowApi = {
  list: <T>(path: string, query: ListQuery) => request<PageOf<T>>({ method: 'GET', path, query }),
  history: (processInstanceId: string) =>
    request<HistoryStep[]>({
      method: 'GET',
      path: '/api/blade-flow/process/history-flow-list',
      query: { processInstanceId },
    }),
  claim: (taskId: string) =>
    request({ method: 'POST', path: '/api/blade-flow/work/claim-task', query: { taskId } }),
  complete: (body: { taskId: string; processInstanceId: string; pass: boolean; comment: string }) =>
    request({
      method: 'POST',
      path: '/api/blade-flow/work/complete-task',
      body: { ...body, flag: body.pass ? 'ok' : 'no' },
    }),
}

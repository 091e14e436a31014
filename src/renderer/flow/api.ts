import {
  flowWorkApi,
  type FlowDefinition,
  type FlowListEndpoint,
  type FlowModel,
  type FlowTask,
  type HistoryStep,
} from '../../shared/api/flow'
import { call } from '../shell/request'

export type { FlowDefinition, FlowListEndpoint, FlowModel, FlowTask, HistoryStep }

export type ListQuery = Record<string, string | number>

/** The calls the flow screens share: a page of a list, a task's history, claim and complete. */
export const flowApi = {
  list: <T>(endpoint: FlowListEndpoint<T>, query: ListQuery) => call(endpoint, { query }),
  history: (processInstanceId: string) => call(flowWorkApi.history, { query: { processInstanceId } }),
  claim: (taskId: string) => call(flowWorkApi.claimTask, { query: { taskId } }),
  complete: (body: { taskId: string; processInstanceId: string; pass: boolean; comment: string }) =>
    call(flowWorkApi.completeTask, { body: { ...body, flag: body.pass ? 'ok' : 'no' } }),
}

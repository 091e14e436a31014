import { z } from 'zod'
import { answer, GET, POST, type Endpoint } from './endpoint'
import { BladeQuery, Id } from './common'
import type { Page } from './envelope'

/** The pictures and files of the workflow module (BladeX `blade-flow`). */
export const flowFileApi = {
  /** The instance's process as a PNG, the steps passed in green and the open ones in orange. */
  diagramView: GET('/api/blade-flow/process/diagram-view', {
    query: z.object({ processInstanceId: Id('流程实例编号 processInstanceId 不正确') }).loose(),
    file: true,
  }),
  /** A deployed definition as its XML or as a PNG. */
  resourceView: GET('/api/blade-flow/process/resource-view', {
    query: z
      .object({
        processDefinitionId: z
          .string({ error: '缺少参数 processDefinitionId' })
          .regex(/^[\w.-]{1,100}:\d{1,9}:\d{1,20}$/, '流程定义编号 processDefinitionId 不正确'),
        resourceType: z.enum(['image', 'xml'], { error: '资源类型只能是 image 或 xml' }).default('image'),
      })
      .loose(),
    file: true,
  }),
  /** A model's BPMN XML as a file (模型管理 › 下载). */
  modelDownload: GET('/api/blade-flow/model/download', {
    query: z.object({ id: Id('模型编号不正确') }).loose(),
    file: true,
  }),
}

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
  categoryName?: string
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
  categoryName?: string
  version: number
  deploymentId: string
  resourceName: string
  description: string
  suspensionState: number
  deploymentTime: string
}

/** A model of 模型管理. */
export interface FlowModel {
  id: string
  modelKey: string
  name: string
  description: string | null
  version: number
  created: string
  lastUpdated: string
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

/** A paged list of the flow screens: BladeX filters and paging in, a page of `T` out. */
export type FlowListEndpoint<T> = Endpoint<typeof BladeQuery, undefined, Page<T>>

const list = <T>(path: string): FlowListEndpoint<T> =>
  GET(path, { query: BladeQuery, answer: answer<Page<T>>() })
const Text = (message: string) => z.string({ error: message }).min(1, message)

/** 我的事务: the task lists and the actions on a task. */
export const flowWorkApi = {
  startList: list<FlowDefinition>('/api/blade-flow/work/start-list'),
  claimList: list<FlowTask>('/api/blade-flow/work/claim-list'),
  todoList: list<FlowTask>('/api/blade-flow/work/todo-list'),
  sendList: list<FlowTask>('/api/blade-flow/work/send-list'),
  doneList: list<FlowTask>('/api/blade-flow/work/done-list'),
  claimTask: POST('/api/blade-flow/work/claim-task', { query: z.object({ taskId: Text('缺少任务编号') }) }),
  completeTask: POST('/api/blade-flow/work/complete-task', {
    body: z.object({
      taskId: Text('缺少任务编号'),
      processInstanceId: Text('缺少流程实例编号'),
      pass: z.boolean(),
      flag: z.enum(['ok', 'no']),
      comment: z.string(),
    }),
  }),
  history: GET('/api/blade-flow/process/history-flow-list', {
    query: z.object({ processInstanceId: Text('缺少流程实例编号') }),
    answer: answer<HistoryStep[]>(),
  }),
}

/** 流程管理: models, deployments, definitions and the running instances. */
export const flowManageApi = {
  modelList: list<FlowModel>('/api/blade-flow/model/list'),
  /** A BPMN XML saved as a model (流程部署 of a file). */
  modelSubmit: POST('/api/blade-flow/model/submit', {
    body: z.object({ xml: Text('缺少流程文件'), description: z.string() }),
    answer: answer<{ id: string }>(),
  }),
  modelDeploy: POST('/api/blade-flow/model/deploy', {
    query: z.object({ modelId: Text('缺少模型编号'), category: Text('请选择流程类型') }),
  }),
  modelRemove: POST('/api/blade-flow/model/remove', { query: z.object({ ids: Text('请选择模型') }) }),
  managerList: list<FlowDefinition>('/api/blade-flow/manager/list'),
  changeState: POST('/api/blade-flow/manager/change-state', {
    query: z.object({ processId: Text('缺少流程定义编号'), state: z.enum(['active', 'suspend']) }),
  }),
  deleteDeployment: POST('/api/blade-flow/manager/delete-deployment', {
    query: z.object({ deploymentIds: Text('缺少部署编号') }),
  }),
  followList: list<FlowTask>('/api/blade-flow/follow/list'),
  deleteInstance: POST('/api/blade-flow/follow/delete-process-instance', {
    query: z.object({ processInstanceId: Text('缺少流程实例编号'), deleteReason: z.string() }),
  }),
}

import { z } from 'zod'
import { repairRecordResource, repairsResource } from '../resources/repairs/repairs'
import type { Equipment } from './assets'
import { AnyBody, BladeQuery, Id, IdQuery, IdsQuery } from './common'
import { answer, GET, POST } from './endpoint'
import type { Page } from './envelope'
import type { RowOf, SubmitOf } from './resource'

/** The open step of a request's process, and whether the caller may do it. */
export interface RepairTask {
  taskId: string
  taskDefinitionKey: string
  name: string
  assigneeName: string | null
  mine: boolean
}

export type Repair = RowOf<typeof repairsResource> & { task: RepairTask | null }
export type RepairRecord = RowOf<typeof repairRecordResource>
export type RepairDetail = Repair & { records: RepairRecord[] }

/** One flow action on a request (`sumbitTask`, the catalogue's spelling). */
export const SubmitTaskBody = z
  .object({
    id: Id('报修单编号格式不正确'),
    /** The task being done; absent: 提交报修 (start or re-submit) of a draft or returned request. */
    taskId: Id('任务编号格式不正确').optional(),
    /** false: 驳回 at an approval step, 撤销 at the reporter's step. */
    pass: z.boolean({ error: '审批结果不正确' }).optional(),
    comment: z.string().trim().max(1000, '意见不能超过1000个字符').optional(),
    /** 受理派工: the technician (a user id) who repairs it. */
    repairerId: Id('维修人不正确').optional(),
    /** 维修处理: what became of the device. */
    repairResult: z.coerce.number().int().min(1, '维修结果不正确').max(3, '维修结果不正确').optional(),
  })
  .loose()

export interface CountBy {
  key: string
  name: string
  count: number
}

export interface RepairStatistics {
  total: number
  open: number
  done: number
  totalCost: number
  /** Mean hours from 报修 to 完成 of finished requests. */
  averageHours: number
  byStatus: CountBy[]
  byFault: CountBy[]
  byMonth: (CountBy & { cost: number })[]
  byLab: CountBy[]
  topEquipment: (CountBy & { equipmentNo: string })[]
}

export const StatisticsQuery = z
  .object({
    year: z.coerce
      .number({ error: '年份不正确' })
      .int('年份不正确')
      .min(2000, '年份不正确')
      .max(2100, '年份不正确')
      .optional(),
    labSerial: z.string().trim().max(10, '实验室编号不能超过10个字符').optional(),
  })
  .loose()

/** An item a reporter may pick (the equipment register, read through the repairs family). */
export type RepairableEquipment = Pick<
  Equipment,
  'id' | 'equipmentNo' | 'equipmentName' | 'model' | 'labSerial' | 'location' | 'statusCode'
>

/** `/api/device-repairs/repairs/*`: requests, their flow steps, the technicians' records, statistics. */
export const repairsApi = {
  repList: GET('/api/device-repairs/repairs/repList', { query: BladeQuery, answer: answer<Page<Repair>>() }),
  exportList: GET('/api/device-repairs/repairs/exportList', { query: BladeQuery, file: true }),
  detail: GET('/api/device-repairs/repairs/detail', { query: IdQuery, answer: answer<RepairDetail>() }),
  submit: POST('/api/device-repairs/repairs/submit', {
    body: AnyBody as unknown as z.ZodType<SubmitOf<typeof repairsResource>, SubmitOf<typeof repairsResource>>,
    answer: answer<{ id: string }>(),
  }),
  update: POST('/api/device-repairs/repairs/update', {
    body: AnyBody as unknown as z.ZodType<SubmitOf<typeof repairsResource>, SubmitOf<typeof repairsResource>>,
    answer: answer<{ id: string }>(),
  }),
  remove: POST('/api/device-repairs/repairs/remove', {
    query: IdsQuery,
    answer: answer<Record<string, never>>(),
  }),
  sumbitTask: POST('/api/device-repairs/repairs/sumbitTask', {
    body: SubmitTaskBody,
    answer: answer<{ repairStatus: number }>(),
  }),
  saveRep: POST('/api/device-repairs/repairs/saveRep', {
    body: AnyBody as unknown as z.ZodType<
      SubmitOf<typeof repairRecordResource>,
      SubmitOf<typeof repairRecordResource>
    >,
    answer: answer<{ id: string }>(),
  }),
  getRep: GET('/api/device-repairs/repairs/getRep', {
    query: z
      .object({
        repairsId: Id('报修单编号格式不正确').optional(),
        id: Id('维修记录编号格式不正确').optional(),
      })
      .loose()
      .refine((q) => q.repairsId || q.id, '请指定报修单或维修记录'),
    answer: answer<RepairRecord[]>(),
  }),
  delRep: POST('/api/device-repairs/repairs/delRep', {
    query: IdsQuery,
    answer: answer<Record<string, never>>(),
  }),
  repStatistics: GET('/api/device-repairs/repairs/repStatistics', {
    query: StatisticsQuery,
    answer: answer<RepairStatistics>(),
  }),
  /** Who 受理派工 may name as technician: the tenant's office staff and administrators. */
  repairerSelect: GET('/api/device-repairs/repairs/repairer-select', {
    answer: answer<{ id: string; name: string; account: string }[]>(),
  }),
  equipmentSelect: GET('/api/device-repairs/repairs/equipment-select', {
    query: z.object({ keyword: z.string().trim().max(50, '关键字不能超过50个字符').optional() }).loose(),
    answer: answer<RepairableEquipment[]>(),
  }),
}

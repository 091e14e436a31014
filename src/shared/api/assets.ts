import { z } from 'zod'
import { equipmentResource } from '../resources/assets/equipment'
import { equipmentUsageResource } from '../resources/assets/equipment-usage'
import { donateResource } from '../resources/assets/donate'
import { worklogResource } from '../resources/assets/worklog'
import { schoolEnterpriseResource } from '../resources/assets/school-enterprise'
import { AnyBody, BladeQuery, Id } from './common'
import { answer, GET, POST } from './endpoint'
import { resourceEndpoints, type RowOf } from './resource'

export type Equipment = RowOf<typeof equipmentResource> & { deptName?: string | null }
export type EquipmentUsage = RowOf<typeof equipmentUsageResource>
export type Donate = RowOf<typeof donateResource>
export type Worklog = RowOf<typeof worklogResource>
export type SchoolEnterprise = RowOf<typeof schoolEnterpriseResource>

/** One line of an equipment change history (`assets_equipment_change`). */
export interface EquipmentChange {
  id: string
  equipmentId: string
  changeType: number
  changeDate: string
  fromStatus: number
  toStatus: number
  fromPrice: string
  toPrice: string
  origin: string
  reason: string | null
  createTime: string
}

/** A row the server refused, by its spreadsheet line (the header is line 1). */
export interface ImportRowErrors {
  line: number
  errors: string[]
}

/** `importData`: a dry run answers every refused row; a commit answers what it wrote. */
export interface ImportAnswer {
  total: number
  inserted: number
  dryRun: boolean
  errors: ImportRowErrors[]
}

const Flag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true')

export const ImportQuery = z.object({ dryRun: Flag }).loose()

/** A donated item on the donation form: it is (or becomes) an equipment row. */
export interface DonateItem {
  id?: string
  equipmentNo?: string | null
  equipmentName: string
  classCode: string
  model?: string | null
  specification?: string | null
  countryCode?: string | null
  price: number | string
  quantity?: number
  unit?: string | null
  manufacturer?: string | null
  useDirection?: number | null
}

export type DonateDetail = Donate & { items: Equipment[] }

/** `/api/assets/equipment/*`: the register, its import and streamed export, history, SJ3 usage. */
export const equipmentApi = {
  ...resourceEndpoints(equipmentResource),
  save: POST('/api/assets/equipment/save', { body: AnyBody, answer: answer<{ id?: string }>() }),
  importData: POST('/api/assets/equipment/importData', {
    query: ImportQuery,
    body: z.unknown(),
    answer: answer<ImportAnswer>(),
  }),
  pageExport: GET('/api/assets/equipment/page-export', { query: BladeQuery, file: true }),
  changes: GET('/api/assets/equipment/changes', {
    query: z.object({ equipmentId: Id('设备编号格式不正确') }).loose(),
    answer: answer<EquipmentChange[]>(),
  }),
  usage: resourceEndpoints(equipmentUsageResource),
}

export const donateApi = {
  ...resourceEndpoints(donateResource),
  detail: GET('/api/assets/donate/detail', {
    query: z.object({ id: Id() }).loose(),
    answer: answer<DonateDetail>(),
  }),
}

export const worklogApi = resourceEndpoints(worklogResource)

export const schoolEnterpriseApi = resourceEndpoints(schoolEnterpriseResource)

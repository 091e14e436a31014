/** Tables of the assets area (仪器设备、资产捐赠、工作日志、校企合作 (`/api/assets/*`, `/api/lab/schoolenterprise/*`)). */
import { sql } from 'drizzle-orm'
import { date, index, integer, numeric, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { resourceTable } from '../../core/resource-table'
import { id, tenantTable } from '../columns'
import { equipmentResource } from '../../../shared/resources/assets/equipment'
import { equipmentUsageResource } from '../../../shared/resources/assets/equipment-usage'
import { donateResource } from '../../../shared/resources/assets/donate'
import { worklogResource } from '../../../shared/resources/assets/worklog'
import { schoolEnterpriseResource } from '../../../shared/resources/assets/school-enterprise'

const live = sql`is_deleted = 0`

/** 仪器设备: SJ1 rows. 仪器编号 is unique among a tenant's live rows (SJ1: unique in the school). */
export const assetsEquipment = resourceTable(equipmentResource, {
  indexes: (c) => [
    uniqueIndex('assets_equipment_no_uq').on(c.tenantId, c.equipmentNo).where(live),
    index('assets_equipment_class_idx').on(c.tenantId, c.classCode),
    index('assets_equipment_purchase_idx').on(c.tenantId, c.purchaseDate),
    index('assets_equipment_lab_idx').on(c.tenantId, c.labSerial),
    // 首页's figures of a college's items
    index('assets_equipment_dept_idx').on(c.tenantId, c.deptSerial),
    index('assets_equipment_donate_idx').on(c.donateId),
  ],
})

/**
 * 现状与单价变动 of an item (`change_type` 1 现状, 2 单价, 3 both): each row keeps the values before
 * and after and the date it took effect (减少日期 for 5 丢失 / 6 报废 / 7 调出, the SJ2 减少). An
 * item's 现状 and 单价 on a date D are the `from_*` values of its earliest change after D, or its
 * current values when none is later; it is in stock on D when 购置日期 ≤ D and that 现状 is not 5-7.
 * So SJ2's stock at the start and end of a 学年 derives from the register without re-keying.
 */
export const assetsEquipmentChange = tenantTable(
  'assets_equipment_change',
  {
    equipmentId: id('equipment_id').notNull(),
    changeType: integer('change_type').notNull(),
    changeDate: date('change_date', { mode: 'string' }).notNull(),
    fromStatus: integer('from_status').notNull(),
    toStatus: integer('to_status').notNull(),
    fromPrice: numeric('from_price', { precision: 14, scale: 2 }).notNull(),
    toPrice: numeric('to_price', { precision: 14, scale: 2 }).notNull(),
    /** What made the change: form, import, donate, repair. */
    origin: varchar('origin', { length: 16 }).notNull(),
    originId: id('origin_id'),
    reason: varchar('reason', { length: 255 }),
  },
  (t) => [index('assets_equipment_change_eq_idx').on(t.equipmentId, t.changeDate)],
)

/** SJ3 figures per valuable instrument and 学年. */
export const assetsEquipmentUsage = resourceTable(equipmentUsageResource, {
  indexes: (c) => [
    uniqueIndex('assets_equipment_usage_uq').on(c.tenantId, c.equipmentId, c.academicYear).where(live),
  ],
})

export const assetsDonate = resourceTable(donateResource, {
  indexes: (c) => [uniqueIndex('assets_donate_no_uq').on(c.tenantId, c.donateNo).where(live)],
})

export const assetsWorklog = resourceTable(worklogResource, {
  indexes: (c) => [index('assets_worklog_date_idx').on(c.tenantId, c.logDate)],
})

export const labSchoolEnterprise = resourceTable(schoolEnterpriseResource)

/** Running numbers of a tenant by key (仪器编号 per year, 捐赠编号, 报修单号 per day), advanced atomically. */
export const assetsSequence = tenantTable(
  'assets_sequence',
  {
    seqKey: varchar('seq_key', { length: 32 }).notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [uniqueIndex('assets_sequence_key_uq').on(t.tenantId, t.seqKey)],
)

/** Tables of the repairs area (设备报修与维修 (`/api/device-repairs/*`)). */
import { sql } from 'drizzle-orm'
import { index, uniqueIndex } from 'drizzle-orm/pg-core'
import { resourceTable } from '../../core/resource-table'
import { repairRecordResource, repairsResource } from '../../../shared/resources/repairs/repairs'

export const deviceRepairs = resourceTable(repairsResource, {
  indexes: (c) => [
    uniqueIndex('device_repairs_no_uq')
      .on(c.tenantId, c.repairNo)
      .where(sql`is_deleted = 0`),
    index('device_repairs_equipment_idx').on(c.equipmentId),
    index('device_repairs_status_idx').on(c.tenantId, c.repairStatus),
  ],
})

export const deviceRepairRecord = resourceTable(repairRecordResource, {
  indexes: (c) => [index('device_repair_record_repairs_idx').on(c.repairsId)],
})

/** Tables of the experiment area (实验项目预约, `/api/experimentProject/*`; domain teaching.md section 8). */
import { sql } from 'drizzle-orm'
import { index, uniqueIndex } from 'drizzle-orm/pg-core'
import { resourceTable } from '../../core/resource-table'
import { experimentProjectResource } from '../../../shared/resources/experiment/project'
import { experimentProjectTimeResource } from '../../../shared/resources/experiment/project-time'
import { experimentProjectParamsResource } from '../../../shared/resources/experiment/params'
import { experimentProjectStuResource } from '../../../shared/resources/experiment/project-stu'

const live = sql`is_deleted = 0`

export const experimentProject = resourceTable(experimentProjectResource, {
  indexes: (c) => [index('experiment_project_term_idx').on(c.tenantId, c.academicYearId, c.status)],
})

/** A slot per (project, date, start section, room); `booked_count` is the atomic seat counter. */
export const experimentProjectTime = resourceTable(experimentProjectTimeResource, {
  indexes: (c) => [
    uniqueIndex('experiment_project_time_uq')
      .on(c.tenantId, c.projectId, c.date, c.startSection, c.roomId)
      .where(live),
    index('experiment_project_time_room_idx').on(c.tenantId, c.roomId, c.date),
    // 首页's bookings of a week, whatever the room
    index('experiment_project_time_day_idx').on(c.tenantId, c.date),
  ],
})

/** One live row per tenant. */
export const experimentProjectParams = resourceTable(experimentProjectParamsResource, {
  indexes: (c) => [uniqueIndex('experiment_project_params_tenant_uq').on(c.tenantId).where(live)],
})

/** A live booking per (slot, student); cancelled ones (status 0) are kept. */
export const experimentProjectStu = resourceTable(experimentProjectStuResource, {
  indexes: (c) => [
    uniqueIndex('experiment_project_stu_live_uq')
      .on(c.tenantId, c.timeId, c.studentNo)
      .where(sql`is_deleted = 0 and status = 1`),
    index('experiment_project_stu_student_idx').on(c.tenantId, c.studentNo, c.status),
    index('experiment_project_stu_project_idx').on(c.tenantId, c.projectId),
  ],
})

/**
 * Tables of the lab area (实验室、房间、预约、实验室人员 (`/api/lab/*`)). Other areas read these:
 * teaching (排课教室 = lab rooms, 实验编号 = lab serial + sequence), equipment (rooms hold items),
 * the reports (SJ5 from lab staff, SJ6 from labs) and the home page (counts, areas, bookings).
 */
import { sql } from 'drizzle-orm'
import { date, index, integer, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { resourceTable } from '../../core/resource-table'
import { labInfoResource } from '../../../shared/resources/lab/lab-info'
import { labRoomResource } from '../../../shared/resources/lab/lab-room'
import { appointmentResource } from '../../../shared/resources/lab/appointment'
import { roomMonitoringResource } from '../../../shared/resources/lab/room-monitoring'
import { id, tenantTable } from '../columns'

/** 实验室 (SJ6). `serial` is unique in the tenant over every row, deleted ones included: never reused. */
export const labInfo = resourceTable(labInfoResource, {
  indexes: (c) => [
    uniqueIndex('lab_info_serial_uq').on(c.tenantId, c.serial),
    index('lab_info_parent_idx').on(c.tenantId, c.parentId),
    index('lab_info_dept_idx').on(c.tenantId, c.deptSerial),
  ],
})

/** 实验房间: one lab's room; `roomNo` unique among the tenant's live rooms. */
export const labRoom = resourceTable(labRoomResource, {
  indexes: (c) => [
    uniqueIndex('lab_room_no_uq')
      .on(c.tenantId, c.roomNo)
      .where(sql`is_deleted = 0`),
    index('lab_room_lab_idx').on(c.tenantId, c.labId),
  ],
})

/**
 * 停用时段 of a room: whole days (no times) or a daily time window over a date range, during which
 * the room takes no booking (maintenance, exams, holidays).
 */
export const labRoomClosure = tenantTable(
  'lab_room_closure',
  {
    roomId: id('room_id').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** HH:mm; both null = the whole day. */
    startTime: varchar('start_time', { length: 5 }),
    endTime: varchar('end_time', { length: 5 }),
    reason: varchar('reason', { length: 200 }).notNull(),
  },
  (t) => [index('lab_room_closure_room_idx').on(t.tenantId, t.roomId, t.startDate)],
)

/** 实验室预约: looked up by room and day (conflicts, calendars) and by status (approval lists). */
export const labAppointment = resourceTable(appointmentResource, {
  indexes: (c) => [
    index('lab_appointment_room_day_idx').on(c.tenantId, c.roomId, c.appointmentDate),
    index('lab_appointment_status_idx').on(c.tenantId, c.status, c.appointmentDate),
  ],
})

/**
 * 实验室人员: a roster teacher (`base_teacher`, whose row holds the SJ5 person fields) assigned to one
 * lab; one assignment per teacher among live rows.
 */
export const labTeacher = tenantTable(
  'lab_teacher',
  {
    teacherId: id('teacher_id').notNull(),
    labId: id('lab_id').notNull(),
    /** 1 专任 2 兼任 */
    staffType: integer('staff_type').notNull().default(1),
    /** dict lab_staff_post */
    post: integer('post'),
    domDegreeTime: integer('dom_degree_time').notNull().default(0),
    domOtherTime: integer('dom_other_time').notNull().default(0),
    abroadDegreeTime: integer('abroad_degree_time').notNull().default(0),
    abroadOtherTime: integer('abroad_other_time').notNull().default(0),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    uniqueIndex('lab_teacher_teacher_uq')
      .on(t.tenantId, t.teacherId)
      .where(sql`is_deleted = 0`),
    index('lab_teacher_lab_idx').on(t.tenantId, t.labId),
  ],
)

/** 房间监控: devices of a room. */
export const labRoomMonitoring = resourceTable(roomMonitoringResource, {
  indexes: (c) => [index('lab_room_monitoring_room_idx').on(c.tenantId, c.roomId)],
})

/** Tables of the open area (开放实验室、开放基地 (`/api/open/*`)). */
import { sql } from 'drizzle-orm'
import { date, index, integer, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { resourceTable } from '../../core/resource-table'
import { openBaseApplyResource } from '../../../shared/resources/open/base-apply'
import { openRoomApplyResource } from '../../../shared/resources/open/room-apply'
import { openRoomReserveResource } from '../../../shared/resources/open/room-reserve'
import { openRoomRulesResource } from '../../../shared/resources/open/room-rules'
import { openRoomShareResource } from '../../../shared/resources/open/room-share'
import { id, tenantTable } from '../columns'

export const openRoomApply = resourceTable(openRoomApplyResource, {
  indexes: (c) => [index('open_room_apply_room_idx').on(c.tenantId, c.roomId, c.startDate)],
})

/** A dated slot of an application; `taken` counts live reservations (never above `capacity`). */
export const openRoomSlot = tenantTable(
  'open_room_slot',
  {
    applyId: id('apply_id').notNull(),
    roomId: id('room_id').notNull(),
    slotDate: date('slot_date', { mode: 'string' }).notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    index('open_room_slot_apply_idx').on(t.tenantId, t.applyId),
    index('open_room_slot_room_day_idx').on(t.tenantId, t.roomId, t.slotDate),
  ],
)

export const openRoomReserve = resourceTable(openRoomReserveResource, {
  indexes: (c) => [
    // one live seat per student per slot
    uniqueIndex('open_room_reserve_student_uq')
      .on(c.tenantId, c.slotId, c.studentNo)
      .where(sql`is_deleted = 0 and status in (1, 3, 4, 5)`),
    index('open_room_reserve_student_idx').on(c.tenantId, c.studentNo),
    // 首页's bookings of a week, whatever the room
    index('open_room_reserve_day_idx').on(c.tenantId, c.slotDate),
  ],
})

export const openRoomRules = resourceTable(openRoomRulesResource)
export const openRoomShare = resourceTable(openRoomShareResource)
export const openBaseApply = resourceTable(openBaseApplyResource)

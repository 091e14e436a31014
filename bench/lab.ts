/**
 * Lab figures (issue 17), on a real server over a scratch database:
 *  - the week availability of every room of a lab (`/api/lab/labroom/week`) against reading those
 *    bookings, the same rows in the same process, over HTTP from a bare Fastify route;
 *  - 50 students at once on the last seat of an open-lab slot: how many got it (must be exactly 1).
 * Budgets are printed in the notes, never asserted.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { addColleges } from '../src/server/base/testing'
import { nextId } from '../src/server/core/ids'
import { labAppointment, openRoomReserve, openRoomSlot } from '../src/server/db/schema'
import { addStudents } from '../src/server/safety/testing'
import { APPLY_STATUS } from '../src/shared/resources/lab/options'
import { addDays } from '../src/shared/resources/lab/time'
import { benchServer, medianOf, must, TENANT } from './harness'
import type { Figure, Suite } from './types'

const ROOMS = 30
/** Bookings a room has a day (two-hour blocks from 08:00), every day of the year. */
const PER_DAY = 6
const DAYS = 180
const RACERS = 50

type Row = Omit<Figure, 'suite'>

export const labSuite: Suite = async () => {
  const server = await benchServer('bench_lab')
  const db = server.database.db
  const rows: Row[] = []
  try {
    let started = performance.now()
    const admin = await server.as('admin')
    await addColleges(db, TENANT, [['L1', '基准学院']])
    must(
      await admin.post('/api/lab/labinfo/save', {
        labName: '基准实验中心',
        deptSerial: 'L1',
        labKind: 2,
        labCategory: 3,
        labType: 1,
        foundedYear: '2010',
        subjectCode: '0809',
        area: 1200,
      }),
      'lab',
    )
    const labId = must<{ records: { id: string }[] }>(
      await admin.get('/api/lab/labinfo/page', { labName_equal: '基准实验中心', current: 1, size: 1 }),
      'lab page',
    ).records[0].id
    for (let i = 0; i < ROOMS; i++)
      must(
        await admin.post('/api/lab/labroom/submit', {
          roomNo: `B${String(101 + i)}`,
          roomName: `基准房间${i}`,
          labId,
          roomType: 1,
          seats: 40,
          area: 60,
          openStart: '08:00',
          openEnd: '22:00',
        }),
        'room',
      )
    const roomIds = must<{ records: { id: string }[] }>(
      await admin.get('/api/lab/labroom/page', { labId, current: 1, size: 200 }),
      'rooms',
    ).records.map((r) => r.id)

    // A year of bookings (approved and pending) of every room, in bulk.
    const first = '2031-01-06' // a Monday
    const batch: (typeof labAppointment.$inferInsert)[] = []
    const flush = async () => {
      if (batch.length) await db.insert(labAppointment).values(batch.splice(0))
    }
    for (const roomId of roomIds)
      for (let d = 0; d < DAYS; d++)
        for (let k = 0; k < PER_DAY; k++) {
          batch.push({
            id: nextId(),
            tenantId: TENANT,
            labId,
            roomId,
            appointmentDate: addDays(first, d),
            startTime: `${String(8 + 2 * k).padStart(2, '0')}:00`,
            endTime: `${String(9 + 2 * k).padStart(2, '0')}:30`,
            title: `基准预约${d}-${k}`,
            applicantName: '基准教师',
            headcount: 30,
            status: k % 3 ? APPLY_STATUS.approved : APPLY_STATUS.pending,
          } as typeof labAppointment.$inferInsert)
          if (batch.length >= 2000) await flush()
        }
    await flush()
    await server.database.exec('analyze lab_appointment')
    const total = ROOMS * PER_DAY * DAYS
    rows.push({
      name: 'set-up: lab, rooms, bookings',
      value: (performance.now() - started) / 1000,
      unit: 's',
      note: `not a product figure; ${ROOMS} rooms, ${total} bookings over ${DAYS} days`,
    })

    // ---- week availability of all rooms of the lab ----
    const from = addDays(first, 7 * 20)
    const to = addDays(from, 6)
    const week = await admin.get('/api/lab/labroom/week', { labId, from, days: 7 })
    const busy = must<{ rooms: unknown[]; busy: unknown[] }>(week, 'week')
    const bare = Fastify()
    bare.get('/bookings', async () =>
      db
        .select()
        .from(labAppointment)
        .where(
          and(
            eq(labAppointment.tenantId, TENANT),
            eq(labAppointment.isDeleted, 0),
            inArray(labAppointment.roomId, roomIds),
            gte(labAppointment.appointmentDate, from),
            lte(labAppointment.appointmentDate, to),
            inArray(labAppointment.status, [APPLY_STATUS.pending, APPLY_STATUS.approved]),
          ),
        ),
    )
    const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 })
    const read = await (await fetch(`${bareBase}/bookings`)).json()
    const weekMs = await medianOf(30, () =>
      admin.get('/api/lab/labroom/week', { labId, from, days: 7 }).then((r) => must(r, 'week')),
    )
    const readMs = await medianOf(30, () => fetch(`${bareBase}/bookings`).then((r) => r.arrayBuffer()))
    await bare.close()
    rows.push(
      {
        name: 'week availability of a lab',
        value: weekMs,
        unit: 'ms',
        note: `labroom/week, ${busy.rooms.length} rooms × 7 days, ${busy.busy.length} busy blocks; median of 30`,
      },
      {
        name: 'baseline: read those bookings',
        value: readMs,
        unit: 'ms',
        note: `${(read as unknown[]).length} lab_appointment rows over HTTP from a bare route; median of 30`,
      },
      { name: 'week / read', value: weekMs / readMs, unit: 'ratio', note: 'budget ≤ 3' },
    )

    // ---- 50 students at once on the last seat of an open-lab slot ----
    started = performance.now()
    const students = Array.from({ length: RACERS + 1 }, (_, i) => ({
      studentNo: `2031L${String(i).padStart(4, '0')}`,
      name: `抢座学生${i}`,
      deptSerial: 'L1',
    }))
    await addStudents(db, students)
    const saved = must<{ id: string }>(
      await admin.post('/api/open/openroomapply/save', {
        projectName: '基准开放实验',
        roomId: roomIds[0],
        openType: 3,
        startDate: '2032-06-01',
        endDate: '2032-06-01',
        weekdays: '2',
        startTime: '14:00',
        endTime: '16:00',
        capacity: 2,
      }),
      'open apply',
    )
    // The approval flow is not what is measured: the application is marked approved directly.
    await db.execute(sql`update open_room_apply set status = ${APPLY_STATUS.approved} where id = ${saved.id}`)
    const [slot] = await db.select().from(openRoomSlot).where(eq(openRoomSlot.applyId, saved.id))
    if (!slot) throw new Error('no open-lab slot generated')
    const callers = await Promise.all(students.map((s) => server.as(s.studentNo)))
    // the first seat goes beforehand: the racers ask for the last one
    must(await callers[RACERS].post('/api/open/openroomreserve/submit', { slotId: slot.id }), 'first seat')
    const raced = await Promise.all(
      callers.slice(0, RACERS).map((c) => c.post('/api/open/openroomreserve/submit', { slotId: slot.id })),
    )
    const winners = raced.filter((r) => r.status === 200 && r.body.success !== false).length
    const refusals = new Set(raced.filter((r) => r.status !== 200).map((r) => r.body.msg))
    const [after] = await db.select().from(openRoomSlot).where(eq(openRoomSlot.id, slot.id))
    const reservations = (
      await db
        .select()
        .from(openRoomReserve)
        .where(and(eq(openRoomReserve.slotId, slot.id), eq(openRoomReserve.isDeleted, 0)))
    ).length
    rows.push({
      name: '50 students on the last seat: booked',
      value: winners,
      unit: 'students',
      note: `must be exactly 1; slot taken ${after.taken}/${after.capacity}, ${reservations} reservations; others: ${[...refusals].join('；').slice(0, 60)}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
    })
    rows.push({ name: 'database', value: server.database.kind, unit: '' })
    return rows
  } catch (e) {
    rows.push({ name: 'error', value: String((e as Error).message ?? e).slice(0, 160), unit: '' })
    return rows
  } finally {
    await server.close()
  }
}

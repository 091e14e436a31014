/**
 * 首页 lab figures (lab-overview): labs and rooms by category and college, and the bookings of rooms
 * (approved 实验室预约, open-lab reservations, 实验项目预约 slots) today, this week and in the last
 * twelve weeks. Centres (labKind 1) are not counted as labs.
 */
import { and, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Data } from '../../core/data'
import {
  experimentProjectStu,
  experimentProjectTime,
  labAppointment,
  labInfo,
  labRoom,
  openRoomReserve,
} from '../../db/schema'
import { dictLabels } from '../../system/dict-routes'
import type { LabOverview } from '../../../shared/api/home'
import { APPLY_STATUS } from '../../../shared/resources/lab/options'
import { addDays, localToday, mondayOf } from '../../../shared/resources/lab/time'
import { RESERVE_STATUS } from '../../../shared/resources/open/room-reserve'
import { collegeNames, round2, type HomeScope } from './scope'

const notCentre = or(isNull(labInfo.labKind), ne(labInfo.labKind, 1))

/**
 * The labs of the scope counted by college and category, and its rooms counted (with their area) by
 * the college of their lab: grouped reads of a few dozen rows, not every room carried into the server.
 */
async function labsAndRooms(data: Data, college: string | null) {
  const labs = await data.db
    .select({
      deptSerial: labInfo.deptSerial,
      labCategory: labInfo.labCategory,
      n: sql<number>`count(*)::int`,
    })
    .from(labInfo)
    .where(data.rows(labInfo, notCentre, college ? eq(labInfo.deptSerial, college) : undefined))
    .groupBy(labInfo.deptSerial, labInfo.labCategory)
  const rooms = await data.db
    .select({
      deptSerial: labInfo.deptSerial,
      n: sql<number>`count(*)::int`,
      area: sql<number>`coalesce(sum(${labRoom.area}), 0)::float8`,
    })
    .from(labRoom)
    .leftJoin(labInfo, eq(labInfo.id, labRoom.labId))
    .where(data.rows(labRoom, college ? eq(labInfo.deptSerial, college) : undefined))
    .groupBy(labInfo.deptSerial)
  return { labs, rooms }
}

/** The KPI card's counts: the scope's labs (centres excepted) and rooms, two counts. */
export async function labAndRoomCounts(data: Data, college: string | null) {
  const count = sql<number>`count(*)::int`
  const [labs] = await data.db
    .select({ n: count })
    .from(labInfo)
    .where(data.rows(labInfo, notCentre, college ? eq(labInfo.deptSerial, college) : undefined))
  const [rooms] = await data.db
    .select({ n: count })
    .from(labRoom)
    .leftJoin(labInfo, eq(labInfo.id, labRoom.labId))
    .where(data.rows(labRoom, college ? eq(labInfo.deptSerial, college) : undefined))
  return { labCount: Number(labs?.n ?? 0), roomCount: Number(rooms?.n ?? 0) }
}

/** The scope's rooms for the booking counts: no condition for the whole school, else its rooms. */
function inScopeRooms(data: Data, college: string | null) {
  if (college === null) return () => undefined
  const ids = data.db
    .select({ id: labRoom.id })
    .from(labRoom)
    .leftJoin(labInfo, eq(labInfo.id, labRoom.labId))
    .where(data.rows(labRoom, eq(labInfo.deptSerial, college)))
  return (column: Parameters<typeof inArray>[0]): SQL => inArray(column, ids)
}

interface Dated {
  date: string | null
  n: number
}

/** Bookings per day of the three kinds between two days, limited to the scope's rooms. */
async function bookingsPerDay(data: Data, college: string | null, from: string, to: string) {
  const inRooms = inScopeRooms(data, college)
  const appointments: Dated[] = await data.db
    .select({ date: labAppointment.appointmentDate, n: sql<number>`count(*)::int` })
    .from(labAppointment)
    .where(
      data.rows(
        labAppointment,
        eq(labAppointment.status, APPLY_STATUS.approved),
        gte(labAppointment.appointmentDate, from),
        lte(labAppointment.appointmentDate, to),
        inRooms(labAppointment.roomId),
      ),
    )
    .groupBy(labAppointment.appointmentDate)
  const openReserves: Dated[] = await data.db
    .select({ date: openRoomReserve.slotDate, n: sql<number>`count(*)::int` })
    .from(openRoomReserve)
    .where(
      data.rows(
        openRoomReserve,
        inArray(openRoomReserve.status, [
          RESERVE_STATUS.booked,
          RESERVE_STATUS.attended,
          RESERVE_STATUS.late,
        ]),
        gte(openRoomReserve.slotDate, from),
        lte(openRoomReserve.slotDate, to),
        inRooms(openRoomReserve.roomId),
      ),
    )
    .groupBy(openRoomReserve.slotDate)
  const subscriptions: Dated[] = await data.db
    .select({ date: experimentProjectTime.date, n: sql<number>`count(*)::int` })
    .from(experimentProjectStu)
    .innerJoin(experimentProjectTime, eq(experimentProjectTime.id, experimentProjectStu.timeId))
    .where(
      and(
        data.rows(experimentProjectStu, eq(experimentProjectStu.status, 1)),
        data.rows(
          experimentProjectTime,
          gte(experimentProjectTime.date, from),
          lte(experimentProjectTime.date, to),
          inRooms(experimentProjectTime.roomId),
        ),
      ),
    )
    .groupBy(experimentProjectTime.date)
  return { appointments, openReserves, subscriptions }
}

const sumBetween = (rows: Dated[], from: string, to: string) =>
  rows.reduce((s, r) => (r.date && r.date >= from && r.date <= to ? s + Number(r.n) : s), 0)

/** The scope's bookings of the week holding `today` (Monday to Sunday). */
export async function bookingsThisWeek(data: Data, college: string | null, today = localToday()) {
  const monday = mondayOf(today)
  const sunday = addDays(monday, 6)
  const per = await bookingsPerDay(data, college, monday, sunday)
  return sumBetween([...per.appointments, ...per.openReserves, ...per.subscriptions], monday, sunday)
}

export async function labOverview(
  data: Data,
  scope: HomeScope,
  today = localToday(),
): Promise<Omit<LabOverview, 'available'>> {
  const { labs, rooms } = await labsAndRooms(data, scope.college)
  const monday = mondayOf(today)
  const first = addDays(monday, -7 * 11)
  const per = await bookingsPerDay(data, scope.college, first, addDays(monday, 6))
  const all = [...per.appointments, ...per.openReserves, ...per.subscriptions]
  const byWeek = Array.from({ length: 12 }, (_, i) => {
    const week = addDays(first, 7 * i)
    const end = addDays(week, 6)
    return {
      week,
      appointments: sumBetween(per.appointments, week, end),
      openReserves: sumBetween(per.openReserves, week, end),
      subscriptions: sumBetween(per.subscriptions, week, end),
    }
  })

  const categoryNames = await dictLabels(data.db, 'report_lab_category')
  const byCategory = new Map<string, number>()
  for (const l of labs) {
    const code = l.labCategory == null ? '' : String(l.labCategory)
    byCategory.set(code, (byCategory.get(code) ?? 0) + Number(l.n))
  }
  const colleges = new Map<string, { labs: number; rooms: number; area: number }>()
  const college = (serial: string | null) => {
    const key = serial ?? ''
    const c = colleges.get(key) ?? { labs: 0, rooms: 0, area: 0 }
    colleges.set(key, c)
    return c
  }
  for (const l of labs) college(l.deptSerial).labs += Number(l.n)
  for (const r of rooms) {
    const c = college(r.deptSerial)
    c.rooms += Number(r.n)
    c.area += Number(r.area)
  }
  const names = await collegeNames(data, colleges.keys())
  return {
    labCount: labs.reduce((s, l) => s + Number(l.n), 0),
    roomCount: rooms.reduce((s, r) => s + Number(r.n), 0),
    labArea: round2(rooms.reduce((s, r) => s + Number(r.area), 0)),
    labsByCategory: [...byCategory]
      .map(([code, count]) => ({ code, name: code ? (categoryNames.get(code) ?? code) : '未分类', count }))
      .sort((a, b) => a.code.localeCompare(b.code)),
    byCollege: [...colleges]
      .map(([serial, c]) => ({
        collegeSerialNum: serial,
        collegeName: serial ? (names.get(serial) ?? serial) : '未指定院系',
        labs: c.labs,
        rooms: c.rooms,
        area: round2(c.area),
      }))
      .sort((a, b) => b.rooms - a.rooms || a.collegeSerialNum.localeCompare(b.collegeSerialNum)),
    bookings: {
      today: all.reduce((s, r) => (r.date === today ? s + Number(r.n) : s), 0),
      thisWeek: sumBetween(all, monday, addDays(monday, 6)),
      byWeek,
    },
  }
}

/**
 * 首页's KPI cards (home-page/kpi): the five headline figures as counts and sums — labs and rooms,
 * items in stock and their value, the term's teaching hours, the week's bookings — with the same
 * rules as the grouped statistics behind the charts, so the cards paint before those have answered.
 */
import { sql } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { assetsEquipment } from '../../db/schema'
import type { HomeKpi } from '../../../shared/api/home'
import { availability } from './available'
import { inStock } from './equipment'
import { bookingsThisWeek, labAndRoomCounts } from './labs'
import { round2, type HomeScope } from './scope'
import { termHours } from './teaching'

export async function homeKpi(data: Data, scope: HomeScope, termId: string | null): Promise<HomeKpi> {
  const [stock] = await data.db
    .select({
      count: sql<number>`count(*)::int`,
      value: sql<number>`coalesce(sum(${assetsEquipment.price}), 0)::float8`,
    })
    .from(assetsEquipment)
    .where(inStock(data, scope))
  return {
    available: await availability(data, scope, termId),
    academicYearId: termId,
    ...(await labAndRoomCounts(data, scope.college)),
    equipmentCount: Number(stock?.count ?? 0),
    equipmentValue: round2(Number(stock?.value ?? 0)),
    teachingHours: await termHours(data, termId, scope.college),
    bookingsThisWeek: await bookingsThisWeek(data, scope.college),
  }
}

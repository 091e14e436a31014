import type { Seeder } from '../seed/context'
import { seedDictionaries } from '../base/seed'
import { grantSelfScope } from '../seed/scopes'
import { LAB_DICTIONARIES } from './dictionaries'

/** First-start data of the lab area: its dictionaries; teachers see their own bookings. */
export const labSeeder: Seeder = async (ctx) => {
  await seedDictionaries(ctx.db, LAB_DICTIONARIES)
  await grantSelfScope(ctx, { menuCode: 'lab_appointment', resourceCode: 'lab_appointment', role: 'teacher' })
}

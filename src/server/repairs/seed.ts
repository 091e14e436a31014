import type { Seeder } from '../seed/context'
import { seedDictionaries } from '../assets/dictionaries'
import { REPAIR_DICTIONARIES } from './dictionaries'

/** First-start data of the area: the repair code lists (报修状态, 故障类型, 紧急程度, 维修结果). */
export const repairsSeeder: Seeder = async ({ db }) => {
  await seedDictionaries(db, REPAIR_DICTIONARIES)
}

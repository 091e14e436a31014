import type { Seeder } from './context'
import { baseSeeder } from '../base/seed'
import { systemSeeder } from '../system/seed'
import { flowSeeder } from '../flow/seed'

/**
 * Seeders of the other areas, run in this order after the identity seed on the first start of an
 * empty database. Add one line per area: `import { dictSeeder } from '../system/seed'` and list it.
 */
export const seeders: Seeder[] = [systemSeeder, baseSeeder, flowSeeder]

import type { Seeder } from './context'
import { baseSeeder } from '../base/seed'
import { systemSeeder } from '../system/seed'
import { flowSeeder } from '../flow/seed'
import { teachSeeder } from '../teach/seed'
import { scheduleSeeder } from '../teach/schedule/seed'
import { experimentSeeder } from '../experiment/seed'
import { labSeeder } from '../lab/seed'
import { openSeeder } from '../open/seed'
import { assetsSeeder } from '../assets/seed'
import { repairsSeeder } from '../repairs/seed'
import { competitionSeeder } from '../competition/seed'
import { safetySeeder } from '../safety/seed'
import { reportSeeder } from '../report/seed'
import { cmsSeeder } from '../cms/seed'
import { downloadSeeder } from '../download/seed'
import { qualitySeeder } from '../quality/seed'

/**
 * Seeders of the other areas, run in this order after the identity seed on the first start of an
 * empty database. Add one line per area: `import { dictSeeder } from '../system/seed'` and list it.
 */
export const seeders: Seeder[] = [
  systemSeeder,
  baseSeeder,
  flowSeeder,
  teachSeeder,
  scheduleSeeder,
  experimentSeeder,
  labSeeder,
  openSeeder,
  assetsSeeder,
  repairsSeeder,
  competitionSeeder,
  safetySeeder,
  reportSeeder,
  cmsSeeder,
  downloadSeeder,
  qualitySeeder,
]

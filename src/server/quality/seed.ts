import type { Seeder } from '../seed/context'
import { seedDictionaries } from '../base/seed'
import { CHECK_ITEM, QUALITY_RESULT, type Code } from '../../shared/resources/quality/inspection'

const items = (codes: Code[]): [string, string][] => codes.map((c) => [String(c.value), c.label.zh])

/** First-start data of the area: the dictionaries of the sheets' codes (BladeX clients read them). */
export const qualitySeeder: Seeder = async (ctx) => {
  await seedDictionaries(ctx.db, [
    { code: 'quality_result', name: '检查结论', items: items(QUALITY_RESULT) },
    { code: 'quality_check_item', name: '检查项', items: items(CHECK_ITEM) },
  ])
}

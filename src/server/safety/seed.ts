import type { Seeder } from '../seed/context'
import { dict } from '../db/schema'
import { nextId } from '../core/ids'
import { SAFETY_DICTIONARIES } from './dictionaries'

/** First-start data of the area: its dictionaries (platform-wide, like the system ones). */
export const safetySeeder: Seeder = async ({ db }) => {
  for (const [index, d] of SAFETY_DICTIONARIES.entries()) {
    const rootId = nextId()
    await db.insert(dict).values({
      id: rootId,
      parentId: '0',
      code: d.code,
      dictKey: '-1',
      dictValue: d.name,
      sort: 300 + index,
    })
    await db.insert(dict).values(
      d.items.map(([dictKey, dictValue], i) => ({
        id: nextId(),
        parentId: rootId,
        code: d.code,
        dictKey,
        dictValue,
        sort: i + 1,
      })),
    )
  }
}

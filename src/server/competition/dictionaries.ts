import { and, eq, sql } from 'drizzle-orm'
import { liveRows } from '../core/data'
import type { Db } from '../db/client'
import { dict } from '../db/schema'
import { nextId } from '../core/ids'
import { COMPETITION_DICTS } from '../../shared/resources/competition'

/**
 * The area's code tables (domain A), seeded on first start into the platform dictionary (`blade_dict`),
 * so every tenant's screens, exports and statistics show the same labels; a school renames an item in
 * 系统字典. The labels here are also what exports write when a dictionary item is missing.
 */
export const DICTIONARY_ITEMS: Record<string, { name: string; items: [number, string][] }> = {
  [COMPETITION_DICTS.level]: {
    name: '竞赛级别',
    items: [
      [1, '国际级'],
      [2, '国家级'],
      [3, '省部级'],
      [4, '市厅级'],
      [5, '校级'],
      [6, '院级'],
    ],
  },
  [COMPETITION_DICTS.category]: {
    name: '竞赛类别',
    items: [
      [1, 'A类'],
      [2, 'B类'],
      [3, 'C类'],
    ],
  },
  [COMPETITION_DICTS.entryMode]: {
    name: '参赛形式',
    items: [
      [1, '个人赛'],
      [2, '团体赛'],
      [3, '个人或团体'],
    ],
  },
  [COMPETITION_DICTS.applyStatus]: {
    name: '竞赛申报状态',
    items: [
      [0, '草稿'],
      [1, '审核中'],
      [2, '已退回'],
      [3, '待评审'],
      [4, '已立项'],
      [5, '未立项'],
    ],
  },
  [COMPETITION_DICTS.grade]: {
    name: '竞赛评定等级',
    items: [
      [1, 'A（重点资助）'],
      [2, 'B（一般资助）'],
      [3, 'C（不予立项）'],
    ],
  },
  [COMPETITION_DICTS.roundStatus]: {
    name: '竞赛赛事状态',
    items: [
      [0, '草稿'],
      [1, '审核中'],
      [2, '已退回'],
      [3, '已通过'],
    ],
  },
  [COMPETITION_DICTS.award]: {
    name: '获奖等级',
    items: [
      [1, '特等奖'],
      [2, '一等奖'],
      [3, '二等奖'],
      [4, '三等奖'],
      [5, '优秀奖'],
      [9, '未获奖'],
    ],
  },
}

/** Seeds the dictionaries that are not there yet (a code already present is left as the school made it). */
export async function seedCompetitionDictionaries(db: Db): Promise<void> {
  let sort = 200
  for (const [code, { name, items }] of Object.entries(DICTIONARY_ITEMS)) {
    sort++
    const present = await db
      .select({ id: dict.id })
      .from(dict)
      .where(and(eq(dict.code, code), eq(dict.parentId, '0'), liveRows(dict)))
      .limit(1)
    if (present.length) continue
    const rootId = nextId()
    await db.insert(dict).values({ id: rootId, parentId: '0', code, dictKey: '-1', dictValue: name, sort })
    await db.insert(dict).values(
      items.map(([key, value], i) => ({
        id: nextId(),
        parentId: rootId,
        code,
        dictKey: String(key),
        dictValue: value,
        sort: i + 1,
      })),
    )
  }
}

/** Labels of a dictionary by key, as exports and statistics write them (the seeded ones if unchanged). */
export async function dictLabels(db: Db, code: string): Promise<Map<number, string>> {
  const rows = await db
    .select({ key: dict.dictKey, value: dict.dictValue })
    .from(dict)
    .where(and(eq(dict.code, code), sql`${dict.parentId} > 0`, liveRows(dict)))
  const labels = new Map<number, string>((DICTIONARY_ITEMS[code]?.items ?? []).map(([k, v]) => [k, v]))
  for (const r of rows) labels.set(Number(r.key), r.value)
  return labels
}

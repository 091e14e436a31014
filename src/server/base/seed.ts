import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { Seeder, SeedContext } from '../seed/context'
import { academic, dict, eduMajorInfo, periodInfo, profession } from '../db/schema'
import { liveRows } from '../core/data'
import { nextId } from '../core/ids'
import { schoolYearOf, termLabel, weeksBetween } from '../../shared/resources/base/school-year'
import { BASE_DICTIONARIES, EDU_MAJOR_CATALOGUE, PROFESSION_CATALOGUE } from './catalogue-data'
import { seedDemoSchool } from './demo-school'

const bare = (code: string) => code.replace(/[A-Z]+$/, '')

/** The national catalogues (platform-wide rows). */
export async function seedCatalogues(db: Db): Promise<void> {
  const idByCode = new Map<string, string>()
  for (const [index, [code, name]] of EDU_MAJOR_CATALOGUE.entries()) {
    const digits = bare(code)
    const id = nextId()
    idByCode.set(digits, id)
    const parentId = digits.length > 2 ? idByCode.get(digits.slice(0, -2)) : '0'
    if (!parentId) throw new Error(`catalogue: parent of ${code} missing`)
    const level = digits.length === 2 ? 1 : digits.length === 4 ? 2 : 3
    await db.insert(eduMajorInfo).values({ id, parentId, code, name, level, sort: index } as never)
  }
  const titleIds = new Map<string, string>()
  for (const [index, [code, name, grade]] of PROFESSION_CATALOGUE.entries()) {
    const id = nextId()
    titleIds.set(code, id)
    const parentId = code.length === 2 ? '0' : titleIds.get(code.slice(0, 2))
    if (!parentId) throw new Error(`profession: parent of ${code} missing`)
    await db
      .insert(profession)
      .values({ id, parentId, code, name, grade: grade || null, sort: index } as never)
  }
}

/** 学期 1 and 2, and the terms of the previous and the current 学年, the current one marked. */
export async function seedTerms(db: Db, tenantId: string, today = new Date()): Promise<void> {
  const terms = [
    ['1', '第一学期'],
    ['2', '第二学期'],
  ] as const
  for (const [index, [termCode, termName]] of terms.entries()) {
    await db
      .insert(periodInfo)
      .values({ id: nextId(), tenantId, termCode, termName, sort: index + 1 } as never)
  }
  const current = schoolYearOf(today)
  const first = Number(current.slice(0, 4))
  const currentTerm = today.getMonth() >= 8 || today.getMonth() === 0 ? '1' : '2'
  for (const y of [first - 1, first]) {
    const year = `${y}-${y + 1}`
    const spans = [
      ['1', `${y}-09-01`, `${y + 1}-01-17`],
      ['2', `${y + 1}-02-23`, `${y + 1}-07-10`],
    ] as const
    for (const [term, startDate, endDate] of spans) {
      await db.insert(academic).values({
        id: nextId(),
        tenantId,
        academicYear: year,
        term,
        name: termLabel(year, terms.find((t) => t[0] === term)![1]),
        startDate,
        endDate,
        weeks: weeksBetween(startDate, endDate),
        isCurrent: year === current && term === currentTerm ? 1 : 0,
      } as never)
    }
  }
}

/** A system dictionary: its code, its name, then [key, value] items. */
export interface DictionarySeed {
  code: string
  name: string
  items: readonly (readonly [string, string])[]
}

/**
 * System dictionaries into `blade_dict` (the base-data forms' by
 * default); a code already present is left as it is, so areas sharing a dictionary can all seed it.
 */
export async function seedDictionaries(
  db: Db,
  dictionaries: readonly DictionarySeed[] = BASE_DICTIONARIES,
): Promise<void> {
  for (const d of dictionaries) {
    const [existing] = await db
      .select({ id: dict.id })
      .from(dict)
      .where(and(eq(dict.code, d.code), eq(dict.parentId, '0'), liveRows(dict)))
      .limit(1)
    if (existing) continue
    const rootId = nextId()
    await db.insert(dict).values([
      { id: rootId, parentId: '0', code: d.code, dictKey: '-1', dictValue: d.name, sort: 0 },
      ...d.items.map(([key, value], index) => ({
        id: nextId(),
        parentId: rootId,
        code: d.code,
        dictKey: key,
        dictValue: value,
        sort: index + 1,
      })),
    ])
  }
}

/** Base data on the first start: catalogues, dictionaries, terms; the demo school with LAB_DEMO=1. */
export const baseSeeder: Seeder = async (ctx: SeedContext) => {
  await seedCatalogues(ctx.db)
  await seedDictionaries(ctx.db)
  await seedTerms(ctx.db, ctx.tenantId)
  if (ctx.demo) await seedDemoSchool(ctx)
}

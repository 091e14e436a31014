import { eq, sql } from 'drizzle-orm'
import { canonicalClassCode } from '../../../shared/resources/report/asset-class'
import { COUNTRY_NUMERIC } from '../../../shared/resources/report/countries'
import type { Data } from '../../core/data'
import { eduMajorInfo, profession, sysAssetClass } from '../../db/schema'

/**
 * The code catalogues the field rules read, loaded once per check run: 分类号 (sys_asset_class),
 * 学科门类 (edu_major_info), GB/T 8561 titles (sys_profession), 专家类别 (dict expert_category).
 */
export interface Catalogues {
  /** The asset-class catalogue holds 8-digit codes (else F-11 checks the 大类 only, I-11). */
  classDetailed: boolean
  hasClass(code: string): boolean
  hasClassTop(code: string): boolean
  subjectGroups: Set<string>
  titles: Set<string>
  experts: Set<string>
  countries: Set<string>
}

const COUNTRIES = new Set(COUNTRY_NUMERIC.map(([k]) => k))

export async function loadCatalogues(data: Data): Promise<Catalogues> {
  const classes = await data.db
    .select({ code: sysAssetClass.code, level: sysAssetClass.level })
    .from(sysAssetClass)
    .where(data.rows(sysAssetClass))
  const codes = new Set(classes.map((c) => c.code ?? ''))
  const majors = await data.db
    .select({ code: eduMajorInfo.code })
    .from(eduMajorInfo)
    .where(data.rows(eduMajorInfo, eq(eduMajorInfo.level, 1)))
  const titles = await data.db
    .select({ code: profession.code })
    .from(profession)
    .where(data.rows(profession, sql`length(${profession.code}) = 3`))
  const experts = (await data.db.execute(
    sql`select dict_key from blade_dict where code = 'expert_category' and parent_id <> 0 and is_deleted = 0`,
  )) as unknown as { rows: { dict_key: string }[] }
  return {
    classDetailed: classes.some((c) => c.level === 4),
    hasClass: (code) => codes.has(canonicalClassCode(code)),
    hasClassTop: (code) => codes.has(code.slice(0, 2)),
    subjectGroups: new Set(majors.map((m) => m.code ?? '')),
    titles: new Set(titles.map((t) => t.code ?? '')),
    experts: new Set([...experts.rows.map((r) => r.dict_key), '00']),
    countries: COUNTRIES,
  }
}

import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from './client'

/**
 * PostgreSQL's autovacuum keeps the planner's statistics current; the embedded PGlite has no
 * background workers, so without this nothing ever runs ANALYZE and a table filled by an import keeps
 * "empty" estimates: joins over it become nested loops that take seconds (the 首页 teaching figures
 * went from 4.3 s to 0.7–1.1 s once analysed). This does autovacuum's analyze part by hand: tables
 * never analysed, or changed by more than 50 rows + 10 % since their last analysis (autovacuum's
 * defaults), are analysed one by one.
 */
const STALE_TABLES = sql`
  select s.schemaname as schema, s.relname as name
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where c.reltuples < 0 or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
  order by s.schemaname, s.relname`

/** Analyses the tables whose statistics are missing or stale; answers their names. */
export async function analyzeStaleTables(database: DatabaseHandle): Promise<string[]> {
  const result = (await database.db.execute(STALE_TABLES)) as unknown as {
    rows: { schema: string; name: string }[]
  }
  for (const { schema, name } of result.rows)
    await database.db.execute(sql`analyze ${sql.identifier(schema)}.${sql.identifier(name)}`)
  return result.rows.map((r) => r.name)
}

export interface StatisticsSchedule {
  /** The first pass, after start-up's own work and a first screen are done. */
  firstAfterMs: number
  everyMs: number
}

const SCHEDULE: StatisticsSchedule = { firstAfterMs: 60_000, everyMs: 5 * 60_000 }

/**
 * Keeps the embedded database's statistics current while the server runs (PostgreSQL does it
 * itself). Answers the stop function. A failed pass is logged and the next one tries again.
 */
export function keepPlannerStatistics(
  database: DatabaseHandle,
  schedule: StatisticsSchedule = SCHEDULE,
): () => void {
  if (database.kind !== 'pglite') return () => {}
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const pass = async () => {
    try {
      await analyzeStaleTables(database)
    } catch (error) {
      if (!stopped) console.error('[db] planner statistics pass failed:', (error as Error).message)
    }
    if (!stopped) timer = setTimeout(pass, schedule.everyMs).unref()
  }
  timer = setTimeout(pass, schedule.firstAfterMs).unref()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}

import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from './client'
import { analyzeStaleTables, keepPlannerStatistics } from './planner-statistics'

const opened: DatabaseHandle[] = []
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close()
})

async function embeddedWithTable(): Promise<DatabaseHandle> {
  const database = await openDatabase({})
  opened.push(database)
  await database.exec('create table booking (id int primary key, room text)')
  return database
}

const estimate = async (database: DatabaseHandle, table: string) => {
  const result = (await database.db.execute(
    `select reltuples::int as rows from pg_class where relname = '${table}'`,
  )) as unknown as { rows: { rows: number }[] }
  return result.rows[0].rows
}

const fill = (database: DatabaseHandle, from: number, to: number) =>
  database.exec(`insert into booking select g, 'A' || (g % 60) from generate_series(${from}, ${to}) g`)

/** PostgreSQL adds a session's row changes to the table counters once it has been idle for a second. */
const settle = async (database: DatabaseHandle) => {
  await new Promise((r) => setTimeout(r, 1_100))
  await database.exec('select 1')
}

describe('planner statistics on the embedded database', () => {
  it('analyses a table never analysed, then only once it has changed by more than 50 rows + 10 %', async () => {
    const database = await embeddedWithTable()
    await fill(database, 1, 5000)
    await settle(database)
    expect(await estimate(database, 'booking')).toBe(-1)

    expect(await analyzeStaleTables(database)).toContain('booking')
    expect(await estimate(database, 'booking')).toBe(5000)
    expect(await analyzeStaleTables(database)).not.toContain('booking')

    await fill(database, 5001, 5100)
    await settle(database)
    expect(await analyzeStaleTables(database)).not.toContain('booking')

    await fill(database, 5101, 6000)
    await settle(database)
    expect(await analyzeStaleTables(database)).toContain('booking')
    expect(await estimate(database, 'booking')).toBe(6000)
  })

  it('keeps them current in the background until stopped', async () => {
    const database = await embeddedWithTable()
    await fill(database, 1, 3000)
    const stop = keepPlannerStatistics(database, { firstAfterMs: 10, everyMs: 50 })
    try {
      await expect.poll(() => estimate(database, 'booking'), { timeout: 10_000 }).toBe(3000)
    } finally {
      stop()
    }
    await fill(database, 3001, 9000)
    await new Promise((r) => setTimeout(r, 1_300))
    expect(await estimate(database, 'booking')).toBe(3000)
  })
})

import { asc, eq } from 'drizzle-orm'
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from './client'
import { id } from './columns'
import { jsonFields, togetherRead, togetherRows } from './json-reads'

const room = pgTable('room', {
  id: id('id').primaryKey(),
  name: text('name'),
  seats: integer('seats'),
  builtAt: timestamp('built_at'),
})

const opened: DatabaseHandle[] = []
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close()
})

async function withRooms(): Promise<DatabaseHandle> {
  const database = await openDatabase({})
  opened.push(database)
  await database.exec(`create table room (id bigint primary key, name text, seats int, built_at timestamp);
    insert into room values (914422597226397697, '化学实验室', 40, now()), (914422597226397698, null, null, now())`)
  return database
}

describe('several reads in one statement', () => {
  it('answers each read as the rows drizzle would give, 64-bit ids whole, and empty reads as []', async () => {
    const database = await withRooms()
    const { db } = database
    const fields = jsonFields({ id: room.id, name: room.name, seats: room.seats })
    type Room = { id: string; name: string | null; seats: number | null }
    const answer = await db.execute(
      togetherRead({
        all: db.select(fields).from(room).orderBy(asc(room.id)),
        none: db.select(fields).from(room).where(eq(room.seats, -1)),
      }),
    )
    const read = togetherRows<{ all: Room; none: Room; unread: Room }>(answer.rows[0], [
      'all',
      'none',
      'unread',
    ])
    const plain = await db
      .select({ id: room.id, name: room.name, seats: room.seats })
      .from(room)
      .orderBy(asc(room.id))
    expect(read.all).toEqual(plain)
    expect(read.all[0].id).toBe('914422597226397697')
    expect(read.none).toEqual([])
    expect(read.unread).toEqual([])
  })

  it('refuses a column json would not give back as drizzle maps it (a timestamp)', () => {
    expect(() => jsonFields({ builtAt: room.builtAt })).toThrow(/built_at/)
  })
})

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api'
import { describe, expect, it } from 'vitest'
import { migrationsFolder } from './client'
import * as schema from './schema'

type Snapshot = Parameters<typeof generateMigration>[0]

/** The snapshot drizzle-kit left with the newest checked-in migration: the schema those migrations make. */
function newestSnapshot(): Snapshot {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[]
  }
  const newest = journal.entries.at(-1)!
  const file = join(migrationsFolder, 'meta', `${String(newest.idx).padStart(4, '0')}_snapshot.json`)
  return JSON.parse(readFileSync(file, 'utf8')) as Snapshot
}

describe('the checked-in migrations', () => {
  it('make the schema of src/server/db/schema: a change to it comes with its migration', async () => {
    const missing = await generateMigration(newestSnapshot(), generateDrizzleJson(schema))
    // On failure: `npm run db:generate -- --name <what changed>` writes the migration that is missing.
    expect(missing).toEqual([])
  })
})

/**
 * Vitest globalSetup of the `server` project: prepares one migrated and seeded database that every
 * test file starts from. PGlite: a data-dir dump in a temporary file. With DATABASE_URL: a template
 * database on that server, copied per test file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase, runMigrations } from '../../src/server/db/client'
import { seedDatabase } from '../../src/server/seed'
import { ensureJwtSecret } from '../../src/server/auth/settings'
import { analyzeStaleTables } from '../../src/server/db/planner-statistics'
import { SNAPSHOT_KEY, TEST_ADMIN_PASSWORD } from './constants'
import { databaseUrlFor } from './postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    [SNAPSHOT_KEY]: { kind: 'pglite'; file: string } | { kind: 'postgres'; template: string }
  }
}

export default function setup(project: TestProject) {
  return prepare(project, process.env.DATABASE_URL)
}

/** Prepares the snapshot on PostgreSQL when `url` is given, else on PGlite. */
export async function prepare(project: TestProject, url: string | undefined) {
  if (url) {
    const template = `lab_test_template_${process.pid}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${template}`)
    await admin.query(`create database ${template}`)
    const database = await openDatabase({ url: databaseUrlFor(url, template) })
    await runMigrations(database)
    await seedDatabase(database.db, { adminPassword: TEST_ADMIN_PASSWORD, demo: false })
    await ensureJwtSecret(database.db)
    await database.close()
    project.provide(SNAPSHOT_KEY, { kind: 'postgres', template })
    return async () => {
      const copies = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${template}\\_%`],
      )
      for (const { datname } of copies.rows)
        await admin.query(`drop database if exists ${datname} with (force)`)
      await admin.query(`drop database if exists ${template}`)
      await admin.end()
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'lab-test-'))
  const database = await openDatabase({})
  await runMigrations(database)
  await seedDatabase(database.db, { adminPassword: TEST_ADMIN_PASSWORD, demo: false })
  await ensureJwtSecret(database.db)
  // As a first start does (bootstrap.ts): the embedded database has no autovacuum to do it.
  await analyzeStaleTables(database)
  const dump = await database.dump!()
  await database.close()
  const file = join(dir, 'snapshot.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide(SNAPSHOT_KEY, { kind: 'pglite', file })
  return () => rmSync(dir, { recursive: true, force: true })
}

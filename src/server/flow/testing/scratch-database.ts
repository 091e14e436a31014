/**
 * Test-only: a database that outlives one handle (a PGlite folder, or a database of its own on the
 * PostgreSQL server named by DATABASE_URL), so a test can close it and open it again.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { databaseUrlFor } from '../../../../tests/support/postgres'

export interface ScratchDatabase {
  options: { url?: string; dataDir?: string }
  drop(): Promise<void>
}

export async function scratchDatabase(): Promise<ScratchDatabase> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const dataDir = mkdtempSync(join(tmpdir(), 'flow-db-'))
    return { options: { dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) }
  }
  const name = `flow_scratch_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  return {
    options: { url: databaseUrlFor(url, name) },
    drop: async () => {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

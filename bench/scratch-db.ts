import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '../src/server/db/client'

/**
 * A database a suite may fill and throw away: a fresh in-memory PGlite, or with DATABASE_URL a new
 * database beside it (dropped afterwards), so repeated runs on PostgreSQL start clean.
 */
export async function scratchDatabase(
  prefix: string,
): Promise<{ database: DatabaseHandle; drop: () => Promise<void>; url?: string }> {
  const url = process.env.DATABASE_URL
  if (!url) return { database: await openDatabase({ countStatements: true }), drop: async () => {} }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const u = new URL(url)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    database: await openDatabase({ url: u.toString(), countStatements: true }),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

/**
 * Tokens for seeded accounts, signed by the server's own `issueTokens` for an account read from the
 * database: the password grant (Argon2id by design) would make signing in 500 candidates the slowest
 * part of a suite. Used by the in-process bench server (harness.ts) and the child server's `token`
 * question (child-entry.ts).
 */
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../src/server/db/client'
import { client } from '../src/server/db/schema'
import { findUserByAccount, narrow, rolesOf, splitIds } from '../src/server/auth/identity'
import { issueTokens } from '../src/server/auth/issue'

export const BENCH_TENANT = '000000'
export const BENCH_CLIENT_ID = 'lab_desktop'

type ClientRow = typeof client.$inferSelect

/** The client the bench's tokens are issued to (read once per server). */
export async function benchClient(db: Db): Promise<ClientRow> {
  const [row] = await db
    .select()
    .from(client)
    .where(and(eq(client.clientId, BENCH_CLIENT_ID), eq(client.isDeleted, 0)))
  if (!row) throw new Error(`no client ${BENCH_CLIENT_ID}`)
  return row
}

/** An access token for `account` of the bench tenant. */
export async function benchToken(
  app: FastifyInstance,
  db: Db,
  clientRow: ClientRow,
  account: string,
): Promise<string> {
  const row = await findUserByAccount(db, BENCH_TENANT, account)
  if (!row) throw new Error(`no account ${account}`)
  const grant = { user: row, ...narrow(await rolesOf(db, row), splitIds(row.deptId)) }
  const tokens = await issueTokens(app, { ...grant, client: clientRow, userType: 'web' })
  return String(tokens!.access_token)
}

/**
 * The bench's child server with questions: `src/server/cli.ts`'s start (same environment, same
 * server), plus answers over the parent's IPC channel to what a suite driving the app needs from the
 * server's own database handle — the code of a captcha (the e2e harness types it in), revoking every
 * session, emptying 首页's statistics cache, an account's access token (bench-token.ts, as the
 * in-process bench server signs one) and the rows of a set-up or verification statement. Its database counts statements, as the
 * in-process benches' do, so every reply carries `x-db-statements`. Only bench/child-server.ts spawns
 * it (with `hooks`); it is bundled for the bench alone, never into the app's server.
 */
import { resolve } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { openDatabase } from '../src/server/db/client'
import { APP_TITLE, configFromEnv, startServer } from '../src/server/bootstrap'
import { stopOnSignals } from '../src/server/shutdown'
import { authSession, captcha } from '../src/server/db/schema'
import { benchClient, benchToken } from './bench-token'
import { forgetCachedStatistics } from '../src/server/desk/home/scope'
import { tuneServerHeap } from '../src/server/core/heap'

export type ChildQuestion =
  | { id: number; ask: 'captcha'; key: string }
  | { id: number; ask: 'revokeSessions' }
  | { id: number; ask: 'forgetStatistics' }
  /** An access token for the account (tenant 000000), issued to the lab_desktop client. */
  | { id: number; ask: 'token'; account: string }
  /** The rows of one SQL statement (bigint values as strings, the IPC channel carries JSON). */
  | { id: number; ask: 'query'; sql: string }

export interface ChildAnswer {
  id: number
  value?: unknown
  error?: string
}

async function main() {
  tuneServerHeap()
  if (!process.send) throw new Error('bench/child-entry.ts runs only as the bench child (IPC channel)')
  const { dataDir, databaseUrl, config } = configFromEnv()
  const database = await openDatabase({
    ...(databaseUrl ? { url: databaseUrl } : { dataDir: resolve(dataDir, 'db') }),
    countStatements: true,
  })
  const { app } = await startServer({ database, config })
  const db = database.db
  const desktop = await benchClient(db)
  const answer = async (q: ChildQuestion): Promise<unknown> => {
    if (q.ask === 'captcha') {
      const rows = await db.select().from(captcha).where(eq(captcha.key, q.key))
      if (!rows[0]) throw new Error(`no captcha ${q.key} in the database`)
      return rows[0].code
    }
    if (q.ask === 'revokeSessions') return void (await db.update(authSession).set({ revoked: true }))
    if (q.ask === 'token') return benchToken(app, db, desktop, q.account)
    if (q.ask === 'query') {
      const { rows } = await db.execute(sql.raw(q.sql))
      return rows.map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? String(v) : v])),
      )
    }
    return forgetCachedStatistics()
  }
  process.on('message', (q: ChildQuestion) => {
    answer(q).then(
      (value) => process.send!({ id: q.id, value } satisfies ChildAnswer),
      (e: Error) => process.send!({ id: q.id, error: String(e.message ?? e) } satisfies ChildAnswer),
    )
  })
  const address = await app.listen({
    host: process.env.HOST || '127.0.0.1',
    port: Number(process.env.PORT ?? 0),
  })
  console.log(`${APP_TITLE} server listening on ${address}`)
  process.once('disconnect', stopOnSignals(app, database))
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})

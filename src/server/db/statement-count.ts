import { AsyncLocalStorage } from 'node:async_hooks'
import type { Logger } from 'drizzle-orm/logger'
import type { FastifyInstance } from 'fastify'

/** The reply header naming how many statements the request sent (only when counting is on). */
export const STATEMENTS_HEADER = 'x-db-statements'

const current = new AsyncLocalStorage<{ statements: number }>()

/**
 * Drizzle's query logger as a counter: every statement sent through the query builder (including
 * `db.execute`, and `begin`/`commit` on node-postgres; PGlite opens its transactions itself) adds one
 * to the request it runs for. Installed only by `openDatabase({ countStatements: true })` (benches and
 * tests); production databases keep drizzle's no-op logger.
 */
export const statementCounter: Logger = {
  logQuery() {
    const store = current.getStore()
    if (store) store.statements++
  },
}

/**
 * Gives each request its own count and names it in the reply's `x-db-statements` header. Registered by
 * buildApp when the database counts statements.
 */
export function countStatementsPerRequest(app: FastifyInstance): void {
  // `run` with the callback-style hook: the rest of the request's chain continues inside the store.
  app.addHook('onRequest', (request, _reply, done) => {
    const store = { statements: 0 }
    counts.set(request, store)
    current.run(store, done)
  })
  app.addHook('onSend', async (request, reply, payload) => {
    const store = counts.get(request)
    if (store) reply.header(STATEMENTS_HEADER, String(store.statements))
    return payload
  })
}

const counts = new WeakMap<object, { statements: number }>()

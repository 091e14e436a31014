import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from './db/client'

/**
 * The stop of a process that runs the server: closes the server (in-flight requests finish), then its
 * database, then exits; once however often it is asked. SIGINT and SIGTERM ask for it; the answer is
 * for the process's other reasons to stop (the desktop app's `stop` message, a lost parent).
 */
export function stopOnSignals(app: FastifyInstance, database: DatabaseHandle): () => void {
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  return stop
}

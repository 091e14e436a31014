import type { DatabaseHandle } from './db/client'

/** What a request from the desktop app can reach inside the embedded server. */
export interface EmbeddedRequestContext {
  database: DatabaseHandle
  dataDir: string
}

type Handler = (body: Record<string, unknown>, ctx: EmbeddedRequestContext) => Promise<unknown>

/**
 * The requests main may send over the parent port (`SupervisedServer.request`), by `kind`. Add one
 * entry per kind (backups, ...); an unknown kind is answered with an error.
 */
export const embeddedRequests: Record<string, Handler> = {
  ping: async () => 'pong',
}

/**
 * The server inside the desktop app (an Electron utilityProcess). Config from the environment as in
 * cli.ts; PORT=0 picks a free port. Reports `{type:'ready', url, adminPassword?}` to the parent
 * process when there is one, otherwise prints like the CLI.
 */
import { resolve } from 'node:path'
import {
  isRequestMessage,
  type ReadyMessage,
  type ReplyMessage,
  type RequestMessage,
} from '../shared/embedded-server'
import { openDatabase } from './db/client'
import { APP_TITLE, configFromEnv, describeGeneratedPasswords, startServer } from './bootstrap'
import { tuneServerHeap } from './core/heap'
import { lockDataDir } from './data-dir-lock'
import { embeddedRequests, type EmbeddedRequestContext } from './embedded-requests'
import { stopOnSignals } from './shutdown'
import { applyPendingRestore } from './admin/pending-restore'

/** The part of Electron's `process.parentPort` we use (no Electron import in server code). */
interface ParentPort {
  postMessage(message: unknown): void
  on(event: 'message', listener: (event: { data: unknown }) => void): void
}

export type { ReadyMessage }

async function main() {
  tuneServerHeap()
  const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort
  const port = Number(process.env.PORT ?? 0)
  const { dataDir, databaseUrl, config } = configFromEnv()
  if (!databaseUrl) await lockDataDir(dataDir)
  const restoreError = databaseUrl ? undefined : await applyPendingRestore(dataDir)
  const database = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: resolve(dataDir, 'db') },
  )
  const { app, adminPassword, generatedPasswords } = await startServer({ database, config })
  // After a restart main asks for the port it had; if something took it meanwhile, any free one.
  const url = await app.listen({ host: '127.0.0.1', port }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EADDRINUSE' || port === 0) throw err
    return app.listen({ host: '127.0.0.1', port: 0 })
  })
  const stop = stopOnSignals(app, database)
  if (parentPort) {
    const message: ReadyMessage = { type: 'ready', url, adminPassword, generatedPasswords, restoreError }
    parentPort.postMessage(message)
    const ctx: EmbeddedRequestContext = { database, dataDir, fileDir: config.fileDir }
    parentPort.on('message', (event) => {
      if ((event.data as { type?: string } | null)?.type === 'stop') stop()
      else if (isRequestMessage(event.data)) void answer(event.data, ctx, parentPort)
    })
  } else {
    for (const line of describeGeneratedPasswords(generatedPasswords)) console.log(line)
    console.log(`${APP_TITLE} server listening on ${url}`)
  }
}

async function answer(request: RequestMessage, ctx: EmbeddedRequestContext, port: ParentPort) {
  const handler = embeddedRequests[request.body.kind]
  let reply: ReplyMessage
  try {
    if (!handler) throw new Error(`unknown request ${request.body.kind}`)
    reply = { type: 'reply', id: request.id, ok: true, value: await handler(request.body, ctx) }
  } catch (err) {
    reply = {
      type: 'reply',
      id: request.id,
      ok: false,
      error: err instanceof Error ? err.message : String(err),
    }
  }
  port.postMessage(reply)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})

/**
 * The server inside the desktop app (an Electron utilityProcess). Config from the environment as in
 * cli.ts; PORT=0 picks a free port. Reports `{type:'ready', url, adminPassword?}` to the parent
 * process when there is one, otherwise prints like the CLI.
 */
import { resolve } from 'node:path'
import { openDatabase } from './db/client'
import { APP_TITLE, configFromEnv, describeGeneratedPasswords, startServer } from './bootstrap'
import { tuneServerHeap } from './core/heap'
import { stopOnSignals } from './shutdown'

/** The part of Electron's `process.parentPort` we use (no Electron import in server code). */
interface ParentPort {
  postMessage(message: unknown): void
  on(event: 'message', listener: (event: { data: unknown }) => void): void
}

export interface ReadyMessage {
  type: 'ready'
  url: string
  adminPassword?: string
  generatedPasswords?: Record<string, string>
}

async function main() {
  tuneServerHeap()
  const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort
  const port = Number(process.env.PORT ?? 0)
  const { dataDir, databaseUrl, config } = configFromEnv()
  const database = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: resolve(dataDir, 'db') },
  )
  const { app, adminPassword, generatedPasswords } = await startServer({ database, config })
  const url = await app.listen({ host: '127.0.0.1', port })
  const stop = stopOnSignals(app, database)
  if (parentPort) {
    const message: ReadyMessage = { type: 'ready', url, adminPassword, generatedPasswords }
    parentPort.postMessage(message)
    parentPort.on('message', (event) => {
      if ((event.data as { type?: string } | null)?.type === 'stop') stop()
    })
  } else {
    for (const line of describeGeneratedPasswords(generatedPasswords)) console.log(line)
    console.log(`${APP_TITLE} server listening on ${url}`)
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})

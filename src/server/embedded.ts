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
import { answerBackupMessage, applyPendingRestore, isBackupMessage } from './admin/embedded-messages'

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
  /** Why a restore asked for before this start was not applied (the data is as it was). */
  restoreError?: string
}

async function main() {
  tuneServerHeap()
  const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort
  const port = Number(process.env.PORT ?? 0)
  const { dataDir, databaseUrl, config } = configFromEnv()
  const restoreError = databaseUrl ? undefined : await applyPendingRestore(dataDir)
  const database = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: resolve(dataDir, 'db') },
  )
  const { app, adminPassword, generatedPasswords } = await startServer({ database, config })
  const url = await app.listen({ host: '127.0.0.1', port })
  const stop = stopOnSignals(app, database)
  if (parentPort) {
    const message: ReadyMessage = { type: 'ready', url, adminPassword, generatedPasswords, restoreError }
    parentPort.postMessage(message)
    parentPort.on('message', (event) => {
      if ((event.data as { type?: string } | null)?.type === 'stop') stop()
      else if (isBackupMessage(event.data))
        void answerBackupMessage(event.data, database, dataDir, config.fileDir).then((reply) =>
          parentPort.postMessage(reply),
        )
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

/**
 * `npm run server`: the HTTP server on its own. Environment: HOST (127.0.0.1), PORT (8080),
 * LAB_DATA_DIR (./data: PGlite in <dir>/db, files in <dir>/files), DATABASE_URL (PostgreSQL instead),
 * LAB_ADMIN_PASSWORD (first start only), LAB_DEMO=1, LAB_LOG=1 (request log).
 */
import { resolve } from 'node:path'
import { openDatabase } from './db/client'
import { APP_TITLE, configFromEnv, describeGeneratedPasswords, startServer } from './bootstrap'
import { tuneServerHeap } from './core/heap'
import { lockDataDir } from './data-dir-lock'
import { stopOnSignals } from './shutdown'
import { isAdminCommand, runAdminCommand } from './admin/admin-cli'
import { BackupError } from './admin/backup-file'

async function main() {
  tuneServerHeap()
  const host = process.env.HOST || '127.0.0.1'
  const port = Number(process.env.PORT ?? 8080)
  const { dataDir, databaseUrl, config } = configFromEnv()
  if (!databaseUrl) await lockDataDir(dataDir)
  const database = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: resolve(dataDir, 'db') },
  )
  const { app, generatedPasswords } = await startServer({ database, config })
  for (const line of describeGeneratedPasswords(generatedPasswords)) console.log(line)
  const address = await app.listen({ host, port })
  console.log(`${APP_TITLE} server listening on ${address}`)
  stopOnSignals(app, database)
}

const command = process.argv[2]
if (isAdminCommand(command))
  runAdminCommand(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof BackupError ? err.message : err)
      process.exit(1)
    },
  )
else
  main().catch((err) => {
    console.error(err)
    process.exit(1)
  })

import { resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import type { ServerConfig } from './config'
import { runMigrations, type DatabaseHandle } from './db/client'
import { analyzeStaleTables } from './db/planner-statistics'
import { isSeeded, seedDatabase } from './seed'
import { ensureJwtSecret } from './auth/settings'

export interface StartedServer {
  app: FastifyInstance
  /** The generated `admin` password: only on the first start, and only when none was given. */
  adminPassword?: string
  /** Every password generated on the first start (admin, account.initPassword, demo users), printed once. */
  generatedPasswords?: Record<string, string>
}

/**
 * Migrate, seed an empty database (and, embedded, gather its planner statistics), make sure the
 * signing key exists, and build the app.
 */
export async function startServer({
  database,
  config,
}: {
  database: DatabaseHandle
  config: ServerConfig
}): Promise<StartedServer> {
  await runMigrations(database)
  let generatedPasswords: Record<string, string> | undefined
  if (!(await isSeeded(database.db))) {
    generatedPasswords = (
      await seedDatabase(database.db, { adminPassword: config.adminPassword, demo: config.demo })
    ).generatedPasswords
    if (database.kind === 'pglite') await analyzeStaleTables(database)
  }
  const jwtSecret = config.jwtSecret ?? (await ensureJwtSecret(database.db))
  const app = await buildApp({ database, config: { ...config, jwtSecret } })
  return { app, adminPassword: generatedPasswords?.admin, generatedPasswords }
}

/** The one-time lines telling the operator the generated passwords. */
export function describeGeneratedPasswords(passwords: Record<string, string> | undefined): string[] {
  if (!passwords) return []
  return Object.entries(passwords).map(([who, password]) =>
    who === 'account.initPassword'
      ? `初始重置密码 (account.initPassword): ${password}`
      : `首次启动生成的密码 / generated password for ${who} (tenant 000000): ${password}`,
  )
}

export const APP_TITLE = '实验实训管理系统'

/** Server settings from LAB_DATA_DIR, DATABASE_URL, LAB_DEMO, LAB_ADMIN_PASSWORD and LAB_LOG. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): {
  dataDir: string
  databaseUrl?: string
  config: ServerConfig
} {
  const dataDir = resolve(env.LAB_DATA_DIR || './data')
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    config: {
      fileDir: resolve(dataDir, 'files'),
      demo: env.LAB_DEMO === '1',
      adminPassword: env.LAB_ADMIN_PASSWORD || undefined,
      logger: env.LAB_LOG === '1',
    },
  }
}

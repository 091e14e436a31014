/**
 * The server's maintenance commands for IT (`npm run server -- <command>`), run against a stopped
 * embedded data folder (LAB_DATA_DIR, or --data-dir):
 *   backup --out <file.labbak>
 *   restore --from <file.labbak>
 *   migrate-to-postgres --from <file.labbak | data folder> --to <DATABASE_URL> [--overwrite] [--files <dir>]
 */
import { parseArgs } from 'node:util'
import { resolve } from 'node:path'
import { configFromEnv } from '../bootstrap'
import { backupDataDir, restoreBackup } from './backup-file'
import { migrateToPostgres } from './migrate-to-postgres'

export const ADMIN_COMMANDS = ['backup', 'restore', 'migrate-to-postgres'] as const

const USAGE = `用法 / usage:
  npm run server -- backup --out <文件.labbak> [--data-dir <目录>]
  npm run server -- restore --from <文件.labbak> [--data-dir <目录>]
  npm run server -- migrate-to-postgres --from <文件.labbak|数据目录> --to <DATABASE_URL> [--overwrite] [--files <目录>]
数据目录默认取 LAB_DATA_DIR (./data);运行这些命令前请先停止使用该目录的服务器或客户端。`

export function isAdminCommand(name: string | undefined): boolean {
  return (ADMIN_COMMANDS as readonly string[]).includes(name ?? '')
}

/** Runs one command; resolves to the process exit code. */
export async function runAdminCommand(
  argv: string[],
  out: (line: string) => void = console.log,
): Promise<number> {
  const [command, ...rest] = argv
  const { values } = parseArgs({
    args: rest,
    options: {
      out: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      files: { type: 'string' },
      'data-dir': { type: 'string' },
      overwrite: { type: 'boolean', default: false },
    },
  })
  const dataDir = values['data-dir'] ? resolve(values['data-dir']) : configFromEnv().dataDir
  if (command === 'backup' && values.out) {
    const done = await backupDataDir(dataDir, resolve(values.out))
    out(`已备份到 ${done.file} (${done.bytes} 字节)`)
    out(`租户: ${done.manifest.tenants.map((t) => `${t.tenantId} ${t.tenantName}`).join(', ')}`)
    return 0
  }
  if (command === 'restore' && values.from) {
    const manifest = await restoreBackup(resolve(values.from), dataDir)
    out(`已从 ${values.from} (备份于 ${manifest.createdAt}) 恢复到 ${dataDir}`)
    return 0
  }
  if (command === 'migrate-to-postgres' && values.from && values.to) {
    const result = await migrateToPostgres({
      from: resolve(values.from),
      to: values.to,
      overwrite: values.overwrite,
      targetFileDir: values.files ? resolve(values.files) : resolve(dataDir, 'files'),
      log: out,
    })
    const total = Object.values(result.rowCounts).reduce((a, b) => a + b, 0)
    out(`完成: 租户 ${result.tenants.join(', ')},共 ${total} 行已复制到 PostgreSQL`)
    return 0
  }
  out(USAGE)
  return 2
}

/**
 * The server in a process of its own, for figures about the server's memory: the bench's own heap
 * (the file, the parsed rows, the client) stays out of it. It runs built, as it ships: the desktop
 * app forks a bundle of the server (electron-vite's `out/main/server.js`), so the child runs a bundle
 * of `src/server/cli.ts` made here with Vite (dependencies external, migrations beside it), not the
 * sources through tsx — tsx's loader and its transpiled copies of the modules held ≈ 90 MiB of the
 * child's idle 520 MiB (2026-11-27), which a user's server does not carry. The data directory (PGlite) or
 * database (with DATABASE_URL) is prepared here first — seeded by a normal start, then given whatever
 * the suite needs — and the child opens it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startServer } from '../src/server/bootstrap'
import { migrationsFolder, openDatabase, type Db } from '../src/server/db/client'
import { ADMIN_PASSWORD, callerOf, TENANT, type Caller } from './harness'
import { scratchDatabase } from './scratch-db'

const BASIC = `Basic ${Buffer.from('lab_desktop:lab_desktop_secret').toString('base64')}`
const md5 = (s: string) => createHash('md5').update(s).digest('hex')

export interface ChildServer {
  pid: number
  base: string
  /** The administrator, signed in by the password grant. */
  admin: Caller
  /** The child's resident-set peak (VmHWM) since it started or since the last `resetPeak()`, MiB. */
  peakMiB(): number
  /** Its resident set now (VmRSS), MiB. */
  rssMiB(): number
  /** Starts a new peak window (writes 5 to /proc/<pid>/clear_refs). */
  resetPeak(): void
  close(): Promise<void>
}

const statusMiB = (pid: number, key: 'VmHWM' | 'VmRSS') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${key}:`))
  if (!line) throw new Error(`/proc/${pid}/status has no ${key}`)
  return Math.round(Number(line.split(/\s+/)[1]) / 1024)
}

/** Waits for the child's "listening on http://…" line; fails with its output if it exits first. */
function listeningAddress(child: ChildProcess): Promise<string> {
  return new Promise((done, fail) => {
    let out = ''
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const found = /listening on (http:\/\/\S+)/.exec(out)
      if (found) {
        child.stdout!.off('data', onData)
        child.off('exit', onExit)
        done(found[1]!)
      }
    }
    const onExit = (code: number | null) => fail(new Error(`server exited (${code}): ${out.slice(-400)}`))
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('exit', onExit)
  })
}

async function signIn(base: string): Promise<string> {
  const q = new URLSearchParams({
    tenantId: TENANT,
    username: 'admin',
    password: md5(ADMIN_PASSWORD),
    grant_type: 'password',
    scope: 'all',
  })
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': TENANT },
  })
  const body = (await res.json()) as { access_token?: string }
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body).slice(0, 200)}`)
  return body.access_token
}

const BUILT = resolve('out/bench-server')
let built: Promise<string> | undefined

/** `out/bench-server/cli.js`: the server bundled once per bench run, its migrations beside it. */
function builtServer(): Promise<string> {
  built ??= (async () => {
    const { build } = await import('vite')
    await build({
      configFile: false,
      logLevel: 'warn',
      resolve: { alias: { '@shared': resolve('src/shared') } },
      build: { ssr: resolve('src/server/cli.ts'), outDir: BUILT, emptyOutDir: true, target: 'node20' },
    })
    cpSync(migrationsFolder, join(BUILT, 'migrations'), { recursive: true })
    return join(BUILT, 'cli.js')
  })()
  return built
}

/**
 * A seeded scratch database (PGlite directory, or a new PostgreSQL database with DATABASE_URL) given
 * `prepare`, then served by `cli.ts` in a child process.
 */
export async function childServer(prefix: string, prepare: (db: Db) => Promise<void>): Promise<ChildServer> {
  const dir = mkdtempSync(join(tmpdir(), `lab-${prefix}-`))
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(prefix) : undefined
  const database = scratch?.database ?? (await openDatabase({ dataDir: join(dir, 'db') }))
  const { app } = await startServer({
    database,
    config: { fileDir: join(dir, 'files'), demo: false, adminPassword: ADMIN_PASSWORD, logger: false },
  })
  await prepare(database.db)
  await app.close()
  await database.close()

  const entry = await builtServer()
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LAB_DATA_DIR: dir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const pid = child.pid!
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    await scratch?.drop()
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const base = await listeningAddress(child)
    const admin = callerOf(base, await signIn(base))
    return {
      pid,
      base,
      admin,
      peakMiB: () => statusMiB(pid, 'VmHWM'),
      rssMiB: () => statusMiB(pid, 'VmRSS'),
      // "5" resets the peak resident set size to the current one (Linux ≥ 4.0).
      resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
      close: stop,
    }
  } catch (e) {
    await stop()
    throw e
  }
}

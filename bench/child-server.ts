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
import { migrationsFolder, openDatabase, type DatabaseHandle, type Db } from '../src/server/db/client'
import type { ChildAnswer, ChildQuestion } from './child-entry'
import { ADMIN_PASSWORD, callerOf, TENANT, type Caller } from './harness'
import { scratchDatabase } from './scratch-db'

const BASIC = `Basic ${Buffer.from('lab_desktop:lab_desktop_secret').toString('base64')}`
const md5 = (s: string) => createHash('md5').update(s).digest('hex')

export interface ChildServer {
  pid: number
  base: string
  /** The database the child serves: PGlite (a directory) or PostgreSQL (with DATABASE_URL). */
  kind: DatabaseHandle['kind']
  /** The administrator, signed in by the password grant. */
  admin: Caller
  /** Any account, signed in by the password grant. */
  signIn(account: string, password: string): Promise<Caller>
  /** With `hooks`: any seeded account, its token issued by the child (no password grant). */
  as(account: string): Promise<Caller>
  /** With `hooks`: the rows of one SQL statement, run on the child's database. */
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>
  /** With `hooks`: asks the child (bench/child-entry.ts) over its IPC channel. */
  ask(question: DistributiveOmit<ChildQuestion, 'id'>): Promise<unknown>
  /** The child's resident-set peak (VmHWM) since it started or since the last `resetPeak()`, MiB. */
  peakMiB(): number
  /** Its resident set now (VmRSS), MiB. */
  rssMiB(): number
  /** Starts a new peak window (writes 5 to /proc/<pid>/clear_refs). */
  resetPeak(): void
  close(): Promise<void>
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never

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

async function signIn(base: string, account = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const q = new URLSearchParams({
    tenantId: TENANT,
    username: account,
    password: md5(password),
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

const built = new Map<string, Promise<string>>()

/**
 * `out/bench-server/cli.js` (or, with hooks, `out/bench-server-hooks/child-entry.js`): the server
 * bundled once per bench run, its migrations beside it.
 */
function builtServer(hooks: boolean): Promise<string> {
  const [entry, outDir] = hooks
    ? ['bench/child-entry.ts', resolve('out/bench-server-hooks')]
    : ['src/server/cli.ts', resolve('out/bench-server')]
  let done = built.get(entry)
  if (!done) {
    done = (async () => {
      const { build } = await import('vite')
      await build({
        configFile: false,
        logLevel: 'warn',
        resolve: { alias: { '@shared': resolve('src/shared') } },
        build: { ssr: resolve(entry), outDir, emptyOutDir: true, target: 'node20' },
      })
      cpSync(migrationsFolder, join(outDir, 'migrations'), { recursive: true })
      return join(outDir, `${entry.split('/').pop()!.replace(/\.ts$/, '')}.js`)
    })()
    built.set(entry, done)
  }
  return done
}

/** The child's answers to the bench's questions, by question id. */
function questions(child: ChildProcess): ChildServer['ask'] {
  let next = 0
  const waiting = new Map<number, { done: (v: unknown) => void; fail: (e: Error) => void }>()
  child.on('message', (a: ChildAnswer) => {
    const w = waiting.get(a.id)
    waiting.delete(a.id)
    if (a.error === undefined) w?.done(a.value)
    else w?.fail(new Error(a.error))
  })
  child.on('exit', () => {
    for (const w of waiting.values()) w.fail(new Error('the server exited'))
    waiting.clear()
  })
  return (question) =>
    new Promise((done, fail) => {
      const id = ++next
      waiting.set(id, { done, fail })
      child.send({ ...question, id })
    })
}

/**
 * A seeded scratch database (PGlite directory, or a new PostgreSQL database with DATABASE_URL) given
 * `prepare`, then served by `cli.ts` in a child process — or with `hooks` by bench/child-entry.ts,
 * the same server answering `ask` as well.
 */
export async function childServer(
  prefix: string,
  prepare: (db: Db, database: DatabaseHandle) => Promise<void>,
  options: { hooks?: boolean } = {},
): Promise<ChildServer> {
  const dir = mkdtempSync(join(tmpdir(), `lab-${prefix}-`))
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(prefix) : undefined
  const database = scratch?.database ?? (await openDatabase({ dataDir: join(dir, 'db') }))
  const { app } = await startServer({
    database,
    config: { fileDir: join(dir, 'files'), demo: false, adminPassword: ADMIN_PASSWORD, logger: false },
  })
  await prepare(database.db, database)
  await app.close()
  await database.close()

  const hooks = options.hooks ?? false
  const entry = await builtServer(hooks)
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LAB_DATA_DIR: dir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
    stdio: hooks ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  })
  const ask: ChildServer['ask'] = hooks
    ? questions(child)
    : () => Promise.reject(new Error('a child server without hooks answers no questions'))
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
      kind: database.kind,
      signIn: async (account, password) => callerOf(base, await signIn(base, account, password)),
      as: async (account) => callerOf(base, String(await ask({ ask: 'token', account }))),
      query: async <T>(sql: string) => (await ask({ ask: 'query', sql })) as T[],
      ask,
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

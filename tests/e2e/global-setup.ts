/**
 * Global setup of the e2e suite: the seeded database snapshot (shared with the server tests) and,
 * where gnome-keyring is installed, a private D-Bus session with an unlocked secrets keyring so the
 * vault uses the real OS keychain through keytar. Without it the vault falls back to safeStorage.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import databaseSetup from '../support/global-setup'

declare module 'vitest' {
  export interface ProvidedContext {
    labKeyring: boolean
  }
}

export default async function setup(project: TestProject) {
  const teardownDatabase = await databaseSetup(project)
  const keyring = startKeyring()
  project.provide('labKeyring', keyring !== null)
  return async () => {
    keyring?.stop()
    await teardownDatabase?.()
  }
}

function startKeyring(): { stop(): void } | null {
  const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0
  if (!has('dbus-daemon') || !has('gnome-keyring-daemon')) return hideSessionBus()
  const home = mkdtempSync(join(tmpdir(), 'lab-keyring-'))
  const dbus = spawnSync('dbus-daemon', ['--session', '--fork', '--print-address=1', '--print-pid=1'], {
    encoding: 'utf8',
  })
  const [address, pid] = dbus.stdout.trim().split('\n')
  if (dbus.status !== 0 || !address) return hideSessionBus()
  const env = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: address,
    HOME: home,
    XDG_DATA_HOME: join(home, 'data'),
  }
  const daemon: ChildProcess = spawn(
    'gnome-keyring-daemon',
    ['--unlock', '--components=secrets', '--foreground'],
    {
      env,
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  )
  daemon.stdin?.end('lab-e2e-keyring')
  // Workers inherit this environment: keytar finds the private bus.
  process.env.DBUS_SESSION_BUS_ADDRESS = address
  return {
    stop() {
      daemon.kill()
      if (pid) {
        try {
          process.kill(Number(pid))
        } catch {
          // already gone
        }
      }
      rmSync(home, { recursive: true, force: true })
    },
  }
}

/** No keyring here: make sure keytar cannot reach a desktop's real keychain either. */
function hideSessionBus(): null {
  delete process.env.DBUS_SESSION_BUS_ADDRESS
  return null
}

import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { HostChildProcess } from '../../src/main/host/electron-host'

const SHIM = fileURLToPath(new URL('./parent-port-shim.mjs', import.meta.url))

/**
 * `utilityProcess.fork` for the test host: a Node child with a `process.parentPort` shim. As with
 * Electron's `env` option, `env` is the child's whole environment; stdout and stderr are piped.
 */
export function forkUtilityInNode(modulePath: string, env: Record<string, string>): HostChildProcess {
  const child = fork(modulePath, [], {
    env,
    execArgv: ['--import', SHIM],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  return {
    on(event: 'message' | 'exit', listener: (value: never) => void) {
      if (event === 'message') child.on('message', listener as (m: unknown) => void)
      else child.on('exit', (code, signal) => (listener as (c: number) => void)(code ?? (signal ? -1 : 0)))
      return this
    },
    // Like utilityProcess, a message to a child that is gone is dropped, not an error.
    postMessage: (message) => {
      if (child.connected) child.send(message as object, () => undefined)
    },
    kill: () => child.kill(),
    stdout: child.stdout,
    stderr: child.stderr,
    pid: child.pid,
  } as HostChildProcess
}

import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { HostChildProcess } from '../../src/main/host/electron-host'

const SHIM = fileURLToPath(new URL('./parent-port-shim.mjs', import.meta.url))

/** `utilityProcess.fork` for the test host: a Node child with a `process.parentPort` shim. */
export function forkUtilityInNode(modulePath: string, env: Record<string, string>): HostChildProcess {
  const child = fork(modulePath, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', SHIM],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return {
    on(event: 'message' | 'exit', listener: (value: never) => void) {
      if (event === 'message') child.on('message', listener as (m: unknown) => void)
      else child.on('exit', (code) => (listener as (c: number) => void)(code ?? -1))
      return this
    },
    postMessage: (message) => void child.send(message as object),
    kill: () => child.kill(),
  } as HostChildProcess
}

import { existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import electronLog from 'electron-log/node'

/**
 * Main's log (electron-log). Its node entry needs no Electron binary, so the same module logs in the
 * app and under the test host. Until `configureLog` names the folder it only prints to the console.
 */
export const log = electronLog

export const LOG_FILE_NAME = 'main.log'
export const LOG_MAX_BYTES = 5 * 1024 * 1024
/** Rotated files kept besides the current one: main.1.log (newest) .. main.2.log. */
export const LOG_ARCHIVES = 2

log.transports.file.level = false

/** Writes the log to `<dir>/main.log`, rotated at 5 MB with two older files kept; returns that path. */
export function configureLog(dir: string): string {
  const file = join(dir, LOG_FILE_NAME)
  log.transports.file.resolvePathFn = () => file
  log.transports.file.maxSize = LOG_MAX_BYTES
  log.transports.file.archiveLogFn = (old) => rotate(old.path)
  log.transports.file.level = 'info'
  return file
}

/** The log file's level from machine policy (LogLevel); 'info' unless set. */
export function setLogLevel(level: 'error' | 'warn' | 'info' | 'debug'): void {
  log.transports.file.level = level
}

/** The path of the current log file ('' before `configureLog`). */
export function logFile(): string {
  return log.transports.file.level === false ? '' : log.transports.file.getFile().path
}

function rotate(path: string): void {
  const numbered = (n: number) => path.replace(/\.log$/, `.${n}.log`)
  rmSync(numbered(LOG_ARCHIVES), { force: true })
  for (let n = LOG_ARCHIVES - 1; n >= 1; n--)
    if (existsSync(numbered(n))) renameSync(numbered(n), numbered(n + 1))
  renameSync(path, numbered(1))
}

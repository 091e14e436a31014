import type { ErrorLogEntry } from '@shared/ipc/contract'
import { log } from './log'
import { ErrorLog } from './settings/error-log'

/** The renderer's error log, each entry also written to main's log file. */
export class LoggedErrorLog extends ErrorLog {
  override add(entry: ErrorLogEntry): void {
    log
      .scope('renderer')
      .error(`${entry.type} ${entry.url}: ${entry.message}`, entry.stack ?? '', entry.info ?? '')
    super.add(entry)
  }
}

/**
 * The one clean stop of the app's work (the embedded server closes its database), for every quit
 * path: the app's before-quit, the session end, and the updater's quitAndInstall, which must call
 * `await stopBeforeQuit()` first. Safe to call more than once.
 */
let stopper: (() => Promise<void>) | null = null
let stopping: Promise<void> | null = null

export function setStopBeforeQuit(stop: () => Promise<void>): void {
  stopper = stop
  stopping = null
}

export function stopBeforeQuit(): Promise<void> {
  stopping ??= stopper ? stopper() : Promise.resolve()
  return stopping
}

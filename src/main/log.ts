/** The main process's one way to log; console for now (a log library replaces the body later). */
export const log = {
  info: (message: string, ...details: unknown[]) => console.info(`[main] ${message}`, ...details),
  warn: (message: string, ...details: unknown[]) => console.warn(`[main] ${message}`, ...details),
  error: (message: string, ...details: unknown[]) => console.error(`[main] ${message}`, ...details),
}

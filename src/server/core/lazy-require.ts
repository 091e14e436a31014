import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/**
 * A CommonJS dependency loaded on first use, for code that must stay synchronous (an async caller
 * uses `await import()` instead). Heavy libraries a request seldom needs are loaded this way so that
 * an idle server does not carry them: every module loaded at start stays in the server's memory.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined
  return () => (loaded ??= require(name) as T)
}

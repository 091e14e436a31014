import { createRequire } from 'node:module'

// Not named `require`: the built server's bundle declares its own `require` at the top (the main
// process bundle's CommonJS shim), and a second top-level one is a syntax error there.
const load = createRequire(import.meta.url)

/**
 * A CommonJS dependency loaded on first use, for code that must stay synchronous (an async caller
 * uses `await import()` instead). Heavy libraries a request seldom needs are loaded this way so that
 * an idle server does not carry them: every module loaded at start stays in the server's memory.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined
  return () => (loaded ??= load(name) as T)
}

import { afterEach } from 'vitest'
import { clock } from '../../src/server/safety/clock'

/** `2025-11-20 09:00:00` read as local time, as the plans' times are. */
export const localTime = (text: string) => new Date(text.replace(' ', 'T'))

/**
 * The safety area's clock (src/server/safety/clock.ts) held still for a test file: `set(...)` fixes
 * the time the server judges exams by until the end of the current test; after each test it runs
 * again. The server runs in the test's process, so this is the clock its routes read.
 */
export function useFixedClock() {
  const realNow = clock.now
  afterEach(() => {
    clock.now = realNow
  })
  return {
    /** A local time text (`2025-11-20 09:00:00`), a Date or epoch milliseconds. */
    set(at: string | Date | number) {
      const fixed = typeof at === 'string' ? localTime(at) : new Date(at)
      clock.now = () => new Date(fixed)
    },
  }
}

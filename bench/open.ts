import type { Suite } from './types'

/** Figures of the open area. */
export const openSuite: Suite = async () => []

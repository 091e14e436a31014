import type { Suite } from './types'

/** Figures of the repairs area. */
export const repairsSuite: Suite = async () => []

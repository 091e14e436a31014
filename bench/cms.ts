import type { Suite } from './types'

/** Figures of the cms area. */
export const cmsSuite: Suite = async () => []

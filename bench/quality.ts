import type { Suite } from './types'

/** Figures of the quality area. */
export const qualitySuite: Suite = async () => []

import type { Suite } from './types'

/** Figures of the experiment area. */
export const experimentSuite: Suite = async () => []

/** Global setup of the `embedded` project: the PGlite snapshot, whatever DATABASE_URL says. */
import type { TestProject } from 'vitest/node'
import { prepare } from './global-setup'

export default function setup(project: TestProject) {
  return prepare(project, undefined)
}

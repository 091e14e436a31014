/**
 * Test-only child process: opens the database, performs one workflow step, prints the outcome as
 * one JSON line, then idles until the parent kills it (SIGKILL), as a crashed server would die.
 * Usage: node --import tsx step-worker.ts '{"db":{...},"action":{...}}'
 */
import { openDatabase } from '../../db/client'
import { completeTask, startProcess } from '../runtime'
import type { Actor } from '../db-types'

type Action =
  | { kind: 'start'; actor: Actor; processKey: string; variables: Record<string, unknown> }
  | { kind: 'complete'; actor: Actor; taskId: string; pass: boolean; comment: string }

const { db, action } = JSON.parse(process.argv[2]) as {
  db: { url?: string; dataDir?: string }
  action: Action
}
const database = await openDatabase(db)
try {
  const outcome =
    action.kind === 'start'
      ? await startProcess(database.db, action.actor, {
          processKey: action.processKey,
          variables: action.variables,
        })
      : await completeTask(database.db, action.actor, action)
  const next = 'tasks' in outcome ? outcome.tasks : outcome.next
  process.stdout.write(
    `${JSON.stringify({
      processInstanceId: 'processInstanceId' in outcome ? outcome.processInstanceId : undefined,
      ended: 'ended' in outcome ? outcome.ended : false,
      next: next.map((t) => ({ id: t.id, taskDefKey: t.taskDefKey })),
    })}\n`,
  )
} catch (err) {
  process.stdout.write(`${JSON.stringify({ error: (err as Error).message })}\n`)
}
setInterval(() => {}, 60_000)

import type { Readable } from 'node:stream'
import type { Data } from '../core/data'

/** Raised by `progress` when the owner removed the task while it ran. */
export class CancelledError extends Error {
  constructor() {
    super('导出任务已取消')
  }
}

/** What a producer gets: the owner's data layer (tenant, data scope), its validated parameters. */
export interface ProducerJob {
  data: Data
  params: Record<string, unknown>
  /**
   * Reports rows done (and the total when known). Written at most once a second; throws
   * `CancelledError` when the task was removed, so a producer simply lets it propagate.
   */
  progress(processed: number, total?: number): Promise<void>
}

/**
 * A named background export (`report.sj1.txt`, `assets.equipment.xlsx`, …): it turns a job into the
 * file's bytes as a stream, read page by page so no step holds the event loop for long.
 */
export interface Producer {
  /** File extension of what it writes (`xlsx`, `txt`). */
  fileExt: string
  run(job: ProducerJob): Readable | Promise<Readable>
}

const producers = new Map<string, Producer>()

/** Registers a producer by name (each area at import time). A second registration replaces the first. */
export function registerProducer(name: string, producer: Producer): void {
  producers.set(name, producer)
}

export const producerOf = (name: string): Producer | undefined => producers.get(name)

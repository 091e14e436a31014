import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { configureLog, log, LOG_MAX_BYTES } from './log'

describe("main's log", () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('writes to main.log in the log folder and rotates it into two older files', () => {
    dir = mkdtempSync(join(tmpdir(), 'lab-log-'))
    const file = configureLog(dir)
    expect(file).toBe(join(dir, 'main.log'))
    log.info('第一行 first line')
    expect(readFileSync(file, 'utf8')).toContain('第一行 first line')

    // Each round's line fills a file to the limit: the next line goes to a fresh file.
    for (let round = 1; round <= 3; round++) log.info(`round ${round} ${'x'.repeat(LOG_MAX_BYTES)}`)
    log.info('after round 3')
    expect(readdirSync(dir).sort()).toEqual(['main.1.log', 'main.2.log', 'main.log'])
    expect(readFileSync(join(dir, 'main.1.log'), 'utf8')).toContain('round 3 xxx')
    expect(readFileSync(join(dir, 'main.2.log'), 'utf8')).toContain('round 2 xxx')
    expect(readFileSync(file, 'utf8')).toContain('after round 3')
  })
})

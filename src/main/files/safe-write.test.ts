import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { writeFileSafely } from './safe-write'

const OLD = Buffer.from('the user\u2019s old workbook')

function folderWithOldFile() {
  const dir = mkdtempSync(join(tmpdir(), 'lab-safe-write-'))
  const target = join(dir, '实验项目.xlsx')
  writeFileSync(target, OLD)
  return { dir, target }
}

/** Yields some bytes, then fails like a connection dropped mid-download. */
async function* brokenDownload() {
  yield Buffer.alloc(64 * 1024, 1)
  yield Buffer.alloc(64 * 1024, 2)
  throw new Error('socket hang up')
}

describe('writeFileSafely', () => {
  it('replaces the target only once everything was written, leaving no temporary', async () => {
    const { dir, target } = folderWithOldFile()
    const fresh = Buffer.alloc(300 * 1024, 7)
    await writeFileSafely(target, Readable.from([fresh.subarray(0, 1000), fresh.subarray(1000)]))
    expect(readFileSync(target).equals(fresh)).toBe(true)
    expect(readdirSync(dir)).toEqual(['实验项目.xlsx'])
  })

  it('leaves the old file byte-identical and removes the temporary when the stream fails', async () => {
    const { dir, target } = folderWithOldFile()
    await expect(writeFileSafely(target, Readable.from(brokenDownload()))).rejects.toThrow('socket hang up')
    expect(readFileSync(target).equals(OLD)).toBe(true)
    expect(readdirSync(dir)).toEqual(['实验项目.xlsx'])
  })

  it('leaves the old file when cancelled', async () => {
    const { dir, target } = folderWithOldFile()
    const abort = new AbortController()
    async function* slow() {
      yield Buffer.alloc(1024, 1)
      abort.abort()
      yield Buffer.alloc(1024, 2)
    }
    await expect(writeFileSafely(target, Readable.from(slow()), undefined, abort.signal)).rejects.toThrow()
    expect(readFileSync(target).equals(OLD)).toBe(true)
    expect(readdirSync(dir)).toEqual(['实验项目.xlsx'])
  })

  it('writes a new file where there was none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lab-safe-write-'))
    await writeFileSafely(join(dir, 'a.png'), Readable.from([Buffer.from('png')]))
    expect(readdirSync(dir)).toEqual(['a.png'])
  })
})

import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { CallFailure } from '../errors/call-failure'

/**
 * The temporary file beside `target` (same folder, so the final rename stays on one volume and is
 * atomic): `.名单.xlsx.part-3f9a1c2e`.
 */
export function partPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.part-${randomBytes(4).toString('hex')}`)
}

/**
 * Streams into a temporary file beside `target` and renames it over `target` only when everything
 * was written; on any failure (or `signal` aborting) the temporary is removed and whatever was at
 * `target` before is untouched.
 */
export async function writeFileSafely(
  target: string,
  source: Readable,
  through?: Transform,
  signal?: AbortSignal,
): Promise<void> {
  const part = partPathFor(target)
  try {
    const out = createWriteStream(part, { flags: 'wx' })
    await (through ? pipeline(source, through, out, { signal }) : pipeline(source, out, { signal }))
  } catch (e) {
    await rm(part, { force: true })
    throw e
  }
  try {
    await rename(part, target)
  } catch (e) {
    await rm(part, { force: true })
    const code = (e as NodeJS.ErrnoException).code
    // Windows refuses to replace a file another program (Excel) holds open.
    if (code === 'EPERM' || code === 'EBUSY' || code === 'EACCES')
      throw new CallFailure('无法替换该文件，请先在其他程序中关闭它后重试', 409)
    throw e
  }
}

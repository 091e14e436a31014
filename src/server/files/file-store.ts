import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'

/**
 * Where uploaded files live. Local disk is the default; an S3-compatible store would implement the
 * same three calls. Object names are generated here (never taken from the client), so a name can
 * always be checked against OBJECT_NAME before it reaches the disk.
 */
export interface FileStore {
  put(name: string, source: Readable): Promise<{ size: number }>
  open(name: string): Promise<{ stream: Readable; size: number } | null>
  remove(name: string): Promise<void>
}

/** `upload/<yyyymmdd>/<32 hex>.<ext>`: the only shape of object name this server creates or serves. */
export const OBJECT_NAME = /^upload\/\d{8}\/[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/

export function newObjectName(
  originalName: string,
  now = new Date(),
  folder: 'upload' | 'download' = 'upload',
): { name: string; extension: string } {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(originalName)
  const extension = m ? m[1].toLowerCase() : ''
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`
  return {
    name: `${folder}/${day}/${randomBytes(16).toString('hex')}${extension ? `.${extension}` : ''}`,
    extension,
  }
}

/** `download/<yyyymmdd>/<32 hex>.<ext>`: files of 下载中心, never served by the public file route. */
export const DOWNLOAD_OBJECT_NAME = /^download\/\d{8}\/[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/

export class LocalFileStore implements FileStore {
  /** `names`: the only object names this store reads or writes (uploads unless told). */
  constructor(
    private readonly root: string,
    private readonly names: RegExp = OBJECT_NAME,
  ) {}

  private path(name: string): string {
    if (!this.names.test(name)) throw new Error('invalid object name')
    return join(this.root, name)
  }

  async put(name: string, source: Readable) {
    const path = this.path(name)
    await mkdir(dirname(path), { recursive: true })
    try {
      await pipeline(source, createWriteStream(path, { flags: 'wx' }))
    } catch (err) {
      await rm(path, { force: true })
      throw err
    }
    return { size: (await stat(path)).size }
  }

  async open(name: string) {
    if (!this.names.test(name)) return null
    const path = this.path(name)
    try {
      const s = await stat(path)
      if (!s.isFile()) return null
      return { stream: createReadStream(path), size: s.size }
    } catch {
      return null
    }
  }

  async remove(name: string) {
    if (this.names.test(name)) await rm(this.path(name), { force: true })
  }
}

/** The store of a server: `config.fileDir`, or a temporary folder when none is configured (tests). */
export const defaultFileDir = (fileDir: string) => fileDir || join(tmpdir(), 'lab-training-files')

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
}
/** Types a browser may show inline; everything else (html, svg, scripts) downloads. */
const INLINE = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'pdf', 'txt', 'mp4', 'mp3'])

export function contentTypeOf(name: string): { type: string; inline: boolean } {
  const ext = /\.([a-z0-9]+)$/.exec(name)?.[1] ?? ''
  return { type: TYPES[ext] ?? 'application/octet-stream', inline: INLINE.has(ext) }
}

/** Avatars (spec 5): jpg or png by content, at most 500 KB. */
export const AVATAR_MAX_BYTES = 500 * 1024
export function isAllowedAvatar(head: Buffer, size: number): boolean {
  if (size > AVATAR_MAX_BYTES) return false
  const jpg = head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff
  const png =
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  return jpg || png
}

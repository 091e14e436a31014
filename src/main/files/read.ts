import { READ_FILE_MAX_BYTES, type ReadFileRequest } from '@shared/ipc/contract'
import type { HttpClient } from '../http/client'

/** Reads a server file (GET) into memory for the renderer, refusing anything over the limit. */
export async function readFile(
  http: HttpClient,
  req: ReadFileRequest,
  max = READ_FILE_MAX_BYTES,
): Promise<Uint8Array<ArrayBuffer>> {
  const reply = await http.stream({ method: 'GET', path: req.path, query: req.query })
  if (reply.total !== null && reply.total > max) {
    reply.stream.destroy()
    throw new Error('文件过大，无法在线查看')
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of reply.stream) {
    size += (chunk as Buffer).length
    if (size > max) {
      reply.stream.destroy()
      throw new Error('文件过大，无法在线查看')
    }
    chunks.push(chunk as Buffer)
  }
  const all = Buffer.concat(chunks)
  const out = new Uint8Array(new ArrayBuffer(all.length))
  out.set(all)
  return out
}

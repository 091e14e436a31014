import { inArray } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { attach, oss } from '../db/schema'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { nextId } from '../core/ids'
import { requireUser } from '../core/scope'
import { idList } from '../../shared/resource/validate'
import {
  contentTypeOf,
  defaultFileDir,
  isAllowedAvatar,
  LocalFileStore,
  newObjectName,
  OBJECT_NAME,
  type FileStore,
} from './file-store'
import { registerEnableRoute } from './enable-route'
import { dataOf } from '../core/data'
import { uploadedName } from '../core/input-guard'

export const FILE_ROUTE = '/api/blade-resource/oss/file/'

export interface UploadResult {
  link: string
  domain: string
  name: string
  originalName: string
  attachId?: string
}

const baseUrl = (app: FastifyInstance, request: FastifyRequest) =>
  (app.config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '')

/**
 * Reads the one multipart `file` of the request into the store. With `?avatar=true` (or a form field
 * `type=avatar`) the file must be a jpg or png of at most 500 KB.
 */
async function receive(app: FastifyInstance, store: FileStore, request: FastifyRequest) {
  if (!request.isMultipart()) bad('请以 multipart/form-data 上传文件')
  const part = await request.file()
  if (!part) bad('请选择要上传的文件')
  const originalName = uploadedName(part!.filename, 'file').slice(-200)
  const { name, extension } = newObjectName(originalName)
  const { size } = await store.put(name, part!.file)
  if (part!.file.truncated) {
    await store.remove(name)
    bad('上传文件过大')
  }
  if (size === 0) {
    await store.remove(name)
    bad('上传文件不能为空')
  }
  const q = request.query as Record<string, unknown>
  const typeField = part!.fields?.type as { value?: unknown } | undefined
  const avatar = q.avatar === 'true' || q.type === 'avatar' || typeField?.value === 'avatar'
  if (avatar) {
    const head = await readHead(store, name)
    if (!isAllowedAvatar(head, size)) {
      await store.remove(name)
      bad('头像只能是 jpg 或 png 格式,且不超过 500KB')
    }
  }
  const domain = baseUrl(app, request)
  return { name, extension, size, originalName, domain, link: `${domain}${FILE_ROUTE}${name}` }
}

async function readHead(store: FileStore, name: string): Promise<Buffer> {
  if (store instanceof LocalFileStore) {
    const opened = await store.open(name)
    if (!opened) return Buffer.alloc(0)
    const chunks: Buffer[] = []
    let total = 0
    for await (const chunk of opened.stream) {
      chunks.push(chunk as Buffer)
      total += (chunk as Buffer).length
      if (total >= 16) break
    }
    opened.stream.destroy()
    return Buffer.concat(chunks).subarray(0, 16)
  }
  return Buffer.alloc(0)
}

/** Object storage endpoints: uploads, the public file route, `enable`, attachments by id. */
export async function ossRoutes(app: FastifyInstance) {
  const store: FileStore = new LocalFileStore(defaultFileDir(app.config.fileDir))
  registerEnableRoute(app, '/api/blade-resource/oss', oss)

  app.post('/api/blade-resource/oss/endpoint/put-file', { config: { anyUser: true } }, async (request) => {
    requireUser(request)
    const f = await receive(app, store, request)
    const data: UploadResult = { link: f.link, domain: f.domain, name: f.name, originalName: f.originalName }
    return ok(data)
  })

  // An attachment record shows in 附件管理: its screen's menu or 上传 button grants the call.
  app.post('/api/blade-resource/oss/endpoint/put-file-attach', async (request) => {
    const user = requireUser(request)
    const f = await receive(app, store, request)
    const attachId = nextId()
    await app.db.insert(attach).values({
      id: attachId,
      tenantId: user.tenantId,
      link: f.link,
      domain: f.domain,
      name: f.name,
      originalName: f.originalName.slice(0, 500),
      extension: f.extension,
      attachSize: f.size,
      createUser: user.userId,
      createDept: user.deptIds[0] ?? null,
      updateUser: user.userId,
    })
    const data: UploadResult = {
      link: f.link,
      domain: f.domain,
      name: f.name,
      originalName: f.originalName,
      attachId,
    }
    return ok(data)
  })

  // Public: links end up in <img> tags and documents. Names are random 128-bit and strictly shaped.
  app.get(`${FILE_ROUTE}*`, { config: { public: true } }, async (request, reply: FastifyReply) => {
    const name = (request.params as { '*': string })['*']
    if (!OBJECT_NAME.test(name))
      return reply.status(404).send({ code: 404, success: false, data: {}, msg: '文件不存在' })
    const found = await store.open(name)
    if (!found) return reply.status(404).send({ code: 404, success: false, data: {}, msg: '文件不存在' })
    const { type, inline } = contentTypeOf(name)
    reply.header('content-type', type)
    reply.header('content-length', found.size)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('cache-control', 'private, max-age=86400')
    reply.header('content-disposition', inline ? 'inline' : `attachment; filename="${name.split('/').pop()}"`)
    return reply.send(found.stream)
  })

  app.get(
    '/api/blade-resource/attach/getListById',
    { schema: { querystring: z.object({ ids: idList }).loose() } },
    async (request) => {
      const { ids } = request.query as { ids: string[] }
      const rows = await app.db
        .select()
        .from(attach)
        .where(dataOf(request).rows(attach, inArray(attach.id, ids)))
      return ok(rows)
    },
  )
}

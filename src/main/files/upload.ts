import type { UploadRequest, UploadResult } from '@shared/ipc/contract'
import { UploadResult as UploadResultSchema } from '@shared/ipc/contract'
import { CallFailure } from '../errors/call-failure'
import type { HttpClient } from '../http/client'

export const AVATAR_MAX_BYTES = 500 * 1024

/** Multipart upload of one file to the object-storage endpoint; resolves to `data` ({link, ...}). */
export async function uploadFile(
  http: HttpClient,
  file: UploadRequest,
  attach = false,
): Promise<UploadResult> {
  const form = new FormData()
  form.append('file', new Blob([file.bytes], { type: file.type || 'application/octet-stream' }), file.name)
  const data = await http.call({
    method: 'POST',
    path: attach
      ? '/api/blade-resource/oss/endpoint/put-file-attach'
      : '/api/blade-resource/oss/endpoint/put-file',
    body: form,
  })
  const parsed = UploadResultSchema.safeParse(normalise(data))
  if (!parsed.success) throw new CallFailure('上传失败: 服务器未返回文件地址', 500)
  return parsed.data
}

/** Spec §5: avatars are jpg or png of at most 500kb (checked by content, not by the name). */
export async function uploadAvatar(http: HttpClient, file: UploadRequest): Promise<UploadResult> {
  if (!isJpeg(file.bytes) && !isPng(file.bytes))
    throw new CallFailure('上传头像图片只能是 JPG/PNG 格式!', 400)
  if (file.bytes.byteLength > AVATAR_MAX_BYTES) throw new CallFailure('上传头像图片大小不能超过 500KB!', 400)
  return uploadFile(http, file)
}

function normalise(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data
  const d = data as Record<string, unknown>
  return {
    ...d,
    ...(d.attachId !== undefined && d.attachId !== null ? { attachId: String(d.attachId) } : {}),
  }
}

function isJpeg(b: Uint8Array): boolean {
  return b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff
}

function isPng(b: Uint8Array): boolean {
  return b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47
}

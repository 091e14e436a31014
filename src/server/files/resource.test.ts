import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createTenant, type TenantFixture } from '../system/tenant-fixture'
import { smsMessage } from '../db/schema'

let t: TestServer
let admin: string
let other: TenantFixture

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  other = await createTenant(t, admin, '资源中心学校')
})
afterAll(async () => t?.close())

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f40000000049454e44ae426082',
  'hex',
)

function multipart(filename: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = '----labtest' + Math.random().toString(16).slice(2)
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

async function upload(
  token: string,
  path: string,
  filename: string,
  content: Buffer,
  query: Record<string, string> = {},
) {
  const { payload, contentType } = multipart(filename, content)
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    query,
    payload,
    headers: { 'content-type': contentType, 'blade-auth': `bearer ${token}` },
  })
  return { status: res.statusCode, body: JSON.parse(res.body) }
}

describe('object storage uploads', () => {
  it('put-file stores the file and serves it back at data.link with its type', async () => {
    const res = await upload(admin, '/api/blade-resource/oss/endpoint/put-file', 'photo.png', PNG)
    expect(res.status).toBe(200)
    const data = res.body.data
    expect(data.originalName).toBe('photo.png')
    expect(data.name).toMatch(/^upload\/\d{8}\/[0-9a-f]{32}\.png$/)
    expect(data.link).toBe(`${data.domain}/api/blade-resource/oss/file/${data.name}`)
    const file = await t.app.inject({ method: 'GET', url: new URL(data.link).pathname })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.rawPayload.equals(PNG)).toBe(true)
  })

  it('refuses path traversal and unknown names', async () => {
    for (const url of [
      '/api/blade-resource/oss/file/../../etc/passwd',
      '/api/blade-resource/oss/file/upload/20250101/..%2F..%2Fsecret',
      '/api/blade-resource/oss/file/upload/20250101/' + 'a'.repeat(32) + '.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
    }
  })

  it('serves html as a download, not inline', async () => {
    const res = await upload(
      admin,
      '/api/blade-resource/oss/endpoint/put-file',
      'x.html',
      Buffer.from('<script>alert(1)</script>'),
    )
    const file = await t.app.inject({ method: 'GET', url: new URL(res.body.data.link).pathname })
    expect(file.headers['content-disposition']).toMatch(/^attachment/)
    expect(file.headers['x-content-type-options']).toBe('nosniff')
  })

  it('avatars must be jpg or png within 500 KB', async () => {
    const fake = await upload(
      admin,
      '/api/blade-resource/oss/endpoint/put-file',
      'evil.png',
      Buffer.from('not an image'),
      { avatar: 'true' },
    )
    expect(fake.status).toBe(400)
    expect(fake.body.msg).toContain('jpg 或 png')
    const big = await upload(
      admin,
      '/api/blade-resource/oss/endpoint/put-file',
      'big.png',
      Buffer.concat([PNG, Buffer.alloc(600 * 1024)]),
      { avatar: 'true' },
    )
    expect(big.status).toBe(400)
    const fine = await upload(admin, '/api/blade-resource/oss/endpoint/put-file', 'me.png', PNG, {
      avatar: 'true',
    })
    expect(fine.status).toBe(200)
  })

  it('requires a signed-in caller and a file', async () => {
    const { payload, contentType } = multipart('a.txt', Buffer.from('x'))
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      payload,
      headers: { 'content-type': contentType },
    })
    expect(anon.statusCode).toBe(401)
    const noFile = await t.api(admin).post('/api/blade-resource/oss/endpoint/put-file', { body: {} })
    expect(noFile.status).toBe(400)
    const empty = await upload(
      admin,
      '/api/blade-resource/oss/endpoint/put-file',
      'empty.txt',
      Buffer.alloc(0),
    )
    expect(empty.status).toBe(400)
  })

  it('put-file-attach records an attachment of the tenant; attach page, getListById, remove stay in the tenant', async () => {
    const res = await upload(
      other.token,
      '/api/blade-resource/oss/endpoint/put-file-attach',
      '实验报告.pdf',
      Buffer.from('%PDF-1.4 test'),
    )
    expect(res.status).toBe(200)
    const attachId = res.body.data.attachId as string
    const mine = t.api(other.token)
    const byIds = await mine.get('/api/blade-resource/attach/getListById', { ids: attachId })
    expect(byIds.body.data[0]).toMatchObject({
      originalName: '实验报告.pdf',
      extension: 'pdf',
      attachSize: 13,
      tenantId: other.tenantId,
    })
    expect((await mine.get('/api/blade-resource/attach/page')).body.data.total).toBe(1)
    expect((await mine.get('/api/blade-resource/attach/detail', { id: attachId })).body.data.id).toBe(
      attachId,
    )

    const platform = t.api(admin)
    expect(
      (await platform.get('/api/blade-resource/attach/getListById', { ids: attachId })).body.data,
    ).toEqual([])
    expect(
      (await platform.get('/api/blade-resource/attach/page', { originalName: '实验报告' })).body.data.total,
    ).toBe(0)
    expect(
      (await platform.get('/api/blade-resource/attach/list', { originalName: '实验报告' })).body.data.total,
    ).toBe(0)
    expect((await platform.get('/api/blade-resource/attach/detail', { id: attachId })).status).toBe(400)
    expect(
      (await platform.post('/api/blade-resource/attach/remove', { query: { ids: attachId } })).status,
    ).toBe(400)
    expect(
      (await mine.get('/api/blade-resource/attach/getListById', { ids: attachId })).body.data,
    ).toHaveLength(1)
    expect((await mine.post('/api/blade-resource/attach/remove', { query: { ids: attachId } })).status).toBe(
      200,
    )
    expect((await mine.get('/api/blade-resource/attach/getListById', { ids: attachId })).body.data).toEqual(
      [],
    )
  })
})

describe('OSS and SMS configurations', () => {
  for (const [base, body, codeField] of [
    [
      '/api/blade-resource/oss',
      {
        category: 1,
        ossCode: 'minio-1',
        endpoint: 'http://minio:9000',
        accessKey: 'ak',
        secretKey: 'sk-secret',
        bucketName: 'lab',
      },
      'ossCode',
    ],
    [
      '/api/blade-resource/sms',
      {
        category: 3,
        smsCode: 'notice',
        templateId: 'SMS_1',
        accessKey: 'ak',
        secretKey: 'sk-secret',
        signName: '实验室',
      },
      'smsCode',
    ],
  ] as const) {
    it(`${base}: CRUD, secret masked, one enabled per tenant, tenants apart`, async () => {
      const mine = t.api(other.token)
      expect((await mine.post(`${base}/submit`, { body: { ...body, category: undefined } })).body.msg).toBe(
        '请选择分类',
      )
      expect((await mine.post(`${base}/submit`, { body })).status).toBe(200)
      expect(
        (await mine.post(`${base}/submit`, { body: { ...body, [codeField]: `${body[codeField]}-2` } }))
          .status,
      ).toBe(200)
      const list = await mine.get(`${base}/list`)
      expect(list.body.data.total).toBe(2)
      expect(list.body.data.records.every((r: { secretKey: string }) => r.secretKey === '******')).toBe(true)
      const [a, b] = list.body.data.records as ({ id: string; status: number } & Record<
        string,
        string | number
      >)[]
      expect(a.status).toBe(1)
      // saving the mask back keeps the stored secret
      expect(
        (
          await mine.post(`${base}/submit`, {
            body: { ...body, [codeField]: a[codeField], id: a.id, secretKey: '******', remark: '改' },
          })
        ).status,
      ).toBe(200)
      expect((await mine.post(`${base}/enable`, { query: { id: a.id } })).status).toBe(200)
      expect((await mine.post(`${base}/enable`, { query: { id: b.id } })).status).toBe(200)
      const after = (await mine.get(`${base}/list`)).body.data.records as { id: string; status: number }[]
      expect(after.filter((r) => r.status === 2).map((r) => r.id)).toEqual([b.id])

      const platform = t.api(admin)
      expect((await platform.get(`${base}/list`)).body.data.total).toBe(0)
      expect((await platform.get(`${base}/page`)).body.data.total).toBe(0)
      expect((await platform.get(`${base}/detail`, { id: a.id })).status).toBe(400)
      expect((await platform.post(`${base}/enable`, { query: { id: a.id } })).status).toBe(400)
      expect(
        (await platform.post(`${base}/submit`, { body: { ...body, [codeField]: a[codeField], id: a.id } }))
          .status,
      ).toBe(400)
      expect((await platform.post(`${base}/remove`, { query: { ids: a.id } })).status).toBe(400)
      expect((await mine.get(`${base}/detail`, { id: b.id })).body.data.status).toBe(2)
    })
  }

  it('send-message goes through the recording provider of the enabled configuration', async () => {
    const mine = t.api(other.token)
    const send = (query: Record<string, string>) =>
      mine.post('/api/blade-resource/sms/endpoint/send-message', { query })
    const configs = (await mine.get('/api/blade-resource/sms/list')).body.data.records as {
      id: string
      smsCode: string
    }[]
    expect(
      (
        await mine.post('/api/blade-resource/sms/enable', {
          query: { id: configs.find((c) => c.smsCode === 'notice-2')!.id },
        })
      ).status,
    ).toBe(200)
    expect((await send({ code: 'nope', phones: '13800000000' })).body.msg).toBe('短信配置不存在')
    expect((await send({ code: 'notice', phones: '13800000000' })).body.msg).toBe('短信配置未启用')
    expect((await send({ code: 'notice-2', phones: '123' })).body.msg).toBe('手机号格式不正确')
    expect((await send({ code: 'notice-2', phones: '13800000000', params: '{bad' })).body.msg).toBe(
      '短信参数必须是 JSON 对象',
    )
    const ok = await send({ code: 'notice-2', phones: '13800000000,13900000000', params: '{"code":"1234"}' })
    expect(ok.status).toBe(200)
    const rows = await t.database.db.select().from(smsMessage).where(eq(smsMessage.tenantId, other.tenantId))
    expect(rows.map((r) => r.phone).sort()).toEqual(['13800000000', '13900000000'])
    expect(JSON.parse(rows[0].params!)).toEqual({ code: '1234' })
    // the platform tenant has no such configuration
    expect(
      (
        await t.api(admin).post('/api/blade-resource/sms/endpoint/send-message', {
          query: { code: 'notice-2', phones: '13800000000' },
        })
      ).status,
    ).toBe(400)
  })
})

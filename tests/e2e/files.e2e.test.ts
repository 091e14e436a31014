import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import { describe, expect, it } from 'vitest'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { pageApi } from './page-api'

const t = useLabApp('files')
const dir = mkdtempSync(join(tmpdir(), 'lab-e2e-files-'))

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

async function signedIn(app: AppHarness) {
  await app.signIn('admin', TEST_ADMIN_PASSWORD)
  await app.page.getByRole('tab', { name: '首页' }).first().waitFor()
}

describe('files through the bridge', () => {
  it('streams an export into the file chosen in the save dialog, with progress events', async () => {
    const { app } = t
    await signedIn(app)
    const target = join(dir, 'users.xlsx')
    app.host.dialog.savePaths.push(target)
    const result = await pageApi(app.page, (api) =>
      api.files.export({
        method: 'GET',
        path: '/api/blade-user/export-user',
        suggestedName: '用户数据.xlsx',
        id: 'export-1',
      }),
    )
    expect(result).toMatchObject({ id: 'export-1', saved: true, filePath: target })
    expect(result.bytes).toBe(readFileSync(target).length)
    const book = XLSX.read(readFileSync(target))
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!)
    expect(JSON.stringify(rows)).toContain('admin')
    const progress = app.events.filter((e) => e.channel === 'export:progress').map((e) => e.payload)
    expect(progress.at(-1)).toMatchObject({ id: 'export-1', done: true, received: result.bytes })
  })

  it('downloads nothing when the save dialog is cancelled', async () => {
    const { app } = t
    await signedIn(app)
    const result = await pageApi(app.page, (api) =>
      api.files.export({ method: 'GET', path: '/api/blade-user/export-user', suggestedName: 'x.xlsx' }),
    )
    expect(result).toMatchObject({ saved: false, filePath: null, bytes: 0 })
  })

  it('parses the spreadsheet picked in the open dialog in main', async () => {
    const { app } = t
    const file = join(dir, '导入.xlsx')
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['账号', '姓名', '年龄'],
        ['t001', '张三', 35],
        ['t002', '李四', null],
      ]),
      '教师',
    )
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['备注'], ['第二页']]), '其他')
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
    app.host.dialog.openPaths.push(file)
    const sheet = await pageApi(app.page, (api) => api.files.pickSpreadsheet())
    expect(sheet).toEqual({
      fileName: '导入.xlsx',
      sheets: [
        {
          name: '教师',
          rows: [
            { 账号: 't001', 姓名: '张三', 年龄: 35 },
            { 账号: 't002', 姓名: '李四', 年龄: null },
          ],
        },
        { name: '其他', rows: [{ 备注: '第二页' }] },
      ],
    })
    expect(await pageApi(app.page, (api) => api.files.pickSpreadsheet())).toBeNull()
  })

  it('uploads an avatar as multipart and refuses what is not a JPG/PNG', async () => {
    const { app, server } = t
    await signedIn(app)
    const png = [...PNG]
    const uploaded = await app.page.evaluate(
      `window.api.files.uploadAvatar({ name: 'me.png', type: 'image/png', bytes: new Uint8Array(${JSON.stringify(png)}) })`,
    )
    const link = (uploaded as { link: string }).link
    expect(link).toMatch(/^http/)
    const served = await fetch(new URL(new URL(link).pathname + new URL(link).search, server.url))
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true)

    const refused = await app.page.evaluate(
      `window.api.files.uploadAvatar({ name: 'x.png', type: 'image/png', bytes: new TextEncoder().encode('not an image') }).catch((e) => e)`,
    )
    expect(refused).toMatchObject({ message: '上传头像图片只能是 JPG/PNG 格式!', status: 400 })
  })

  it('keeps the error log across a restart and clears it', async () => {
    let app = t.app
    await pageApi(app.page, (api) =>
      api.errorLog.add({ type: 'bug', url: '/wel/index', message: 'x is undefined', stack: 'at y' }),
    )
    app = t.app = await app.restart()
    const list = await pageApi(app.page, (api) => api.errorLog.list())
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ type: 'bug', message: 'x is undefined' })
    expect(list[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT/)
    await pageApi(app.page, (api) => api.errorLog.clear())
    expect(await pageApi(app.page, (api) => api.errorLog.list())).toEqual([])
  })
})

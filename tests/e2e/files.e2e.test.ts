import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
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
    writeFileSync(target, 'an older export')
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
    // Written beside the target and renamed over it: no temporary is left.
    expect(readdirSync(dir).filter((n) => n.includes('.part-'))).toEqual([])
    const asked = app.host.dialog.asked.at(-1)!
    expect(asked.title).toBe('导出')
    expect(asked.defaultPath).toMatch(/^用户数据-20\d{6}\.xlsx$/)
  })

  it('leaves the old file byte-identical when the export fails', async () => {
    const { app } = t
    await signedIn(app)
    const target = join(dir, 'kept.xlsx')
    const old = Buffer.from('the user\u2019s own workbook')
    writeFileSync(target, old)
    app.host.dialog.savePaths.push(target)
    const refused = await app.page.evaluate(
      `window.api.files.export({ method: 'GET', path: '/api/blade-user/no-such-export', suggestedName: 'x.xlsx', id: 'export-2' }).catch((e) => e)`,
    )
    expect(refused).toMatchObject({ status: 404 })
    expect(readFileSync(target).equals(old)).toBe(true)
    expect(readdirSync(dir).filter((n) => n.includes('.part-'))).toEqual([])
    const progress = app.events.filter((e) => e.channel === 'export:progress').map((e) => e.payload)
    expect(progress.at(-1)).toMatchObject({ id: 'export-2', done: true })
  })

  it('titles the dialogs in English when the UI is in English', async () => {
    const { app } = t
    await signedIn(app)
    await pageApi(app.page, (api) => api.settings.set({ language: 'en' }))
    try {
      await pageApi(app.page, (api) =>
        api.files.export({ method: 'GET', path: '/api/blade-user/export-user', suggestedName: 'users.xlsx' }),
      )
      expect(app.host.dialog.asked.at(-1)).toMatchObject({ kind: 'save', title: 'Export' })
      await pageApi(app.page, (api) => api.files.importSpreadsheet())
      expect(app.host.dialog.asked.at(-1)).toMatchObject({ kind: 'open', title: 'Import' })
    } finally {
      await pageApi(app.page, (api) => api.settings.set({ language: 'zh' }))
    }
  })

  it('downloads nothing when the save dialog is cancelled', async () => {
    const { app } = t
    await signedIn(app)
    const result = await pageApi(app.page, (api) =>
      api.files.export({ method: 'GET', path: '/api/blade-user/export-user', suggestedName: 'x.xlsx' }),
    )
    expect(result).toMatchObject({ saved: false, filePath: null, bytes: 0 })
  })

  it('parses the picked spreadsheet in a worker and hands its first sheet over in slices', async () => {
    const { app } = t
    const file = join(dir, '导入.xlsx')
    const book = XLSX.utils.book_new()
    const rows: unknown[][] = [['账号', '姓名', '年龄']]
    for (let i = 1; i <= 4500; i++) rows.push([`t${i}`, `教师${i}`, i % 7 ? 30 + (i % 30) : null])
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), '教师')
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['备注'], ['第二页']]), '其他')
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
    app.host.dialog.openPaths.push(file)
    const pulled = await pageApi(app.page, async (api) => {
      const started = await api.files.importSpreadsheet()
      if (!started) return null
      const chunks = []
      for (;;) {
        const chunk = await api.files.importNext(started.id)
        chunks.push(chunk)
        if (chunk.done) return { fileName: started.fileName, chunks }
      }
    })
    expect(pulled!.fileName).toBe('导入.xlsx')
    expect(pulled!.chunks.map((c) => [c.sheet, c.read, c.total, c.rows.length])).toEqual([
      ['教师', 0, 4500, 0],
      ['教师', 2000, 4500, 2000],
      ['教师', 4000, 4500, 2000],
      ['教师', 4500, 4500, 500],
    ])
    const all = pulled!.chunks.flatMap((c) => c.rows)
    expect(all[0]).toEqual({ 账号: 't1', 姓名: '教师1', 年龄: 31 })
    expect(all[6]).toEqual({ 账号: 't7', 姓名: '教师7', 年龄: null })
    expect(pulled!.chunks[0]!.sheets).toEqual(['教师', '其他'])
    expect(await pageApi(app.page, (api) => api.files.importSpreadsheet())).toBeNull()

    app.host.dialog.openPaths.push(file)
    const other = await pageApi(app.page, async (api) => {
      const started = await api.files.importSpreadsheet({ sheet: '其他' })
      return started && api.files.importNext(started.id)
    })
    expect(other).toMatchObject({ sheet: '其他', rows: [], total: 1 })
  })

  it('cancels an import: the worker stops and its rows are no longer served', async () => {
    const { app } = t
    const file = join(dir, '取消.xlsx')
    const book = XLSX.utils.book_new()
    const rows: unknown[][] = [['账号']]
    for (let i = 1; i <= 10_000; i++) rows.push([`s${i}`])
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), '学生')
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
    app.host.dialog.openPaths.push(file)
    const after = await pageApi(app.page, async (api) => {
      const started = (await api.files.importSpreadsheet())!
      await api.files.importCancel(started.id)
      return api.files.importNext(started.id).catch((e: unknown) => e)
    })
    expect(after).toMatchObject({ message: '导入已结束或已取消', status: 400 })
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

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import { afterEach, describe, expect, it } from 'vitest'
import type { SpreadsheetChunk } from '@shared/ipc/contract'
import { SPREADSHEET_MAX_BYTES, SpreadsheetImports } from './spreadsheet-import'

const dir = mkdtempSync(join(tmpdir(), 'lab-import-'))
let imports: SpreadsheetImports

afterEach(() => imports?.dispose())

function book(path: string, sheets: Record<string, unknown[][]>, bookType: XLSX.BookType = 'xlsx') {
  const wb = XLSX.utils.book_new()
  for (const [name, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), name)
  writeFileSync(path, XLSX.write(wb, { type: 'buffer', bookType }) as Buffer)
  return path
}

async function pullAll(id: string): Promise<SpreadsheetChunk[]> {
  const chunks: SpreadsheetChunk[] = []
  for (;;) {
    const chunk = await imports.next(id)
    chunks.push(chunk)
    if (chunk.done) return chunks
  }
}

describe('spreadsheet imports in a worker thread', () => {
  it('sends only the first sheet, in slices with the rows read and the total', async () => {
    imports = new SpreadsheetImports(3)
    const rows: unknown[][] = [['账号', '姓名', '年龄']]
    for (let i = 1; i <= 8; i++) rows.push([`t00${i}`, `教师${i}`, i === 2 ? null : 30 + i])
    const file = book(join(dir, '教师.xlsx'), { 教师: rows, 其他: [['备注'], ['第二页']] })

    const started = await imports.start(file)
    expect(started.fileName).toBe('教师.xlsx')
    const chunks = await pullAll(started.id)

    expect(chunks.map((c) => [c.read, c.total, c.rows.length, c.done])).toEqual([
      [0, 8, 0, false],
      [3, 8, 3, false],
      [6, 8, 3, false],
      [8, 8, 2, true],
    ])
    expect(chunks.every((c) => c.sheet === '教师')).toBe(true)
    expect(chunks[0]!.sheets).toEqual(['教师', '其他'])
    const all = chunks.flatMap((c) => c.rows)
    expect(all[0]).toEqual({ 账号: 't001', 姓名: '教师1', 年龄: 31 })
    expect(all[1]).toEqual({ 账号: 't002', 姓名: '教师2', 年龄: null })
    expect(all.map((r) => r.账号)).toEqual(rows.slice(1).map((r) => r[0]))
    await expect(imports.next(started.id)).rejects.toMatchObject({ message: '导入已结束或已取消' })
  })

  it('gives the rows SheetJS gives: blank and repeated headers, blank rows, dates, a chosen sheet', async () => {
    imports = new SpreadsheetImports(2)
    const sheet = [
      ['编号', null, '编号', '日期'],
      [1, 'a', 'x', new Date(Date.UTC(2026, 11, 7))],
      [],
      [2, null, 'y', null],
      [3, 'c', 'z', 'text'],
    ]
    const file = book(join(dir, 'mixed.xlsx'), { 第一页: [['x'], [1]], 数据: sheet })

    const started = await imports.start(file, '数据')
    const chunks = await pullAll(started.id)

    const bare = XLSX.read(readFileSync(file), { cellDates: true })
    const expected = XLSX.utils
      .sheet_to_json<Record<string, unknown>>(bare.Sheets['数据']!, { defval: null, raw: true })
      .map((r) => JSON.parse(JSON.stringify(r)) as unknown)
    expect(chunks.flatMap((c) => c.rows)).toEqual(expected)
    expect(Object.keys(chunks[1]!.rows[0]!)).toEqual(['编号', '__EMPTY', '编号_1', '日期'])
    expect(chunks.at(-1)).toMatchObject({ sheet: '数据', read: 4, total: 4, done: true })
  })

  it('reads csv in UTF-8 and in GB18030 (Excel on a Chinese Windows)', async () => {
    imports = new SpreadsheetImports()
    const utf8 = join(dir, 'list.csv')
    writeFileSync(utf8, '账号,姓名\nt001,张三\n')
    const chunks = await pullAll((await imports.start(utf8)).id)
    expect(chunks.flatMap((c) => c.rows)).toEqual([{ 账号: 't001', 姓名: '张三' }])
    // 账号,姓名 / t002,李四 in GBK bytes
    const gbk = join(dir, 'gbk.csv')
    writeFileSync(gbk, Buffer.from('d5cbbac52cd0d5c3fb0a743030322cc0eecbc40a', 'hex'))
    const more = await pullAll((await imports.start(gbk)).id)
    expect(more.flatMap((c) => c.rows)).toEqual([{ 账号: 't002', 姓名: '李四' }])
  })

  it('answers a sheet with no rows at once', async () => {
    imports = new SpreadsheetImports()
    const file = book(join(dir, 'head.xlsx'), { 表: [['账号', '姓名']] })
    const chunks = await pullAll((await imports.start(file)).id)
    expect(chunks).toEqual([{ sheet: '表', sheets: ['表'], rows: [], read: 0, total: 0, done: true }])
  })

  it('refuses in Chinese what it cannot read, a missing sheet and a file over 20MB', async () => {
    imports = new SpreadsheetImports()
    const bad = join(dir, 'bad.xlsx')
    writeFileSync(bad, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9]))
    const a = await imports.start(bad)
    await expect(imports.next(a.id)).rejects.toMatchObject({
      message: '无法读取该文件,请选择 Excel 文件',
      status: 400,
    })

    const file = book(join(dir, 'one.xlsx'), { 表: [['a'], [1]] })
    const b = await imports.start(file, '没有的表')
    await expect(imports.next(b.id)).rejects.toMatchObject({ message: '文件中没有工作表「没有的表」' })

    const big = join(dir, 'big.csv')
    writeFileSync(big, Buffer.alloc(SPREADSHEET_MAX_BYTES + 1, 0x41))
    await expect(imports.start(big)).rejects.toMatchObject({ message: '文件不能超过 20MB', status: 400 })
  })

  it('stops the worker on cancel: a waiting pull ends silently and the import is gone', async () => {
    imports = new SpreadsheetImports()
    const rows: unknown[][] = [['n']]
    for (let i = 0; i < 20_000; i++) rows.push([i])
    const file = book(join(dir, 'long.xlsx'), { 表: rows })
    const { id } = await imports.start(file)
    // Nothing can have arrived yet: the worker's messages come on a later turn of the event loop.
    const waiting = imports.next(id)
    imports.cancel(id)
    await expect(waiting).rejects.toMatchObject({ message: '已取消导入', silent: true })
    await expect(imports.next(id)).rejects.toMatchObject({ message: '导入已结束或已取消' })
  })

  it('cancels an import nobody pulls any more (the window reloaded mid-read)', async () => {
    imports = new SpreadsheetImports(2000, 50)
    const file = book(join(dir, 'idle.xlsx'), { 表: [['a'], [1], [2]] })
    const { id } = await imports.start(file)
    await new Promise((r) => setTimeout(r, 300))
    await expect(imports.next(id)).rejects.toMatchObject({ message: '导入已结束或已取消' })
  })
})

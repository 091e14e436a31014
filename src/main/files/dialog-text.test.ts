import { describe, expect, it } from 'vitest'
import { datedFileName, dialogTitle } from './dialog-text'

describe('file dialog text', () => {
  const day = new Date(2026, 11, 7, 9, 30)

  it.each([
    ['实验项目.xlsx', '实验项目-20261207.xlsx'],
    ['用户数据.xlsx', '用户数据-20261207.xlsx'],
    ['report', 'report-20261207'],
    ['实验室类别-20250312.png', '实验室类别-20250312.png'],
    ['台账_2026-12-01.xlsx', '台账_2026-12-01.xlsx'],
    ['2025年报表.xlsx', '2025年报表-20261207.xlsx'],
  ])('%s is proposed as %s', (name, proposed) => {
    expect(datedFileName(name, day)).toBe(proposed)
  })

  it('titles dialogs in the UI language', () => {
    expect(dialogTitle('export', 'zh')).toBe('导出')
    expect(dialogTitle('import', 'en')).toBe('Import')
    expect(dialogTitle('saveImage', 'zh')).toBe('保存图片')
    expect(dialogTitle('saveImage', 'en')).toBe('Save image')
  })
})

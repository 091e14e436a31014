import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RichTextEditor } from './RichTextEditor'
import { RichTextView, viewHtml } from './RichTextView'
import { sanitizeForView } from './sanitize'

const IMAGE = '/api/blade-resource/oss/file/upload/20250101/0123456789abcdef0123456789abcdef.png'
const HOSTILE =
  '<p style="text-align: center; position: fixed">通知 <strong>加粗</strong></p><ul><li>一</li></ul>' +
  '<script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2">' +
  `<img src="${IMAGE}" onload="window.hacked = 3"><a href="javascript:alert(1)">坏</a>` +
  '<a href="https://example.org/a" onclick="x()" target="_blank">好</a><iframe src="https://e.org"></iframe>'

// The preload bridge (main reads server files); jsdom has no main process.
const read = vi.fn(async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47]))
beforeEach(() => {
  read.mockClear()
  ;(window as unknown as { api: unknown }).api = {
    files: { read, uploadFile: vi.fn() },
    shell: { openExternal: vi.fn() },
  }
  // jsdom lays nothing out; ProseMirror asks where the selection is to scroll it into view.
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList
  Range.prototype.getClientRects = rects
  Range.prototype.getBoundingClientRect = () => new DOMRect()
  URL.createObjectURL = vi.fn(() => 'blob:image-1')
  URL.revokeObjectURL = vi.fn()
})
afterEach(cleanup)

const inFluent = (node: React.ReactNode) =>
  render(<FluentProvider theme={webLightTheme}>{node}</FluentProvider>)

describe('rich text in the renderer', () => {
  it('DOMPurify keeps the allow-list and drops scripts, event attributes, foreign images and javascript: links', () => {
    const clean = sanitizeForView(HOSTILE)
    expect(clean).toBe(
      '<p style="text-align: center">通知 <strong>加粗</strong></p><ul><li>一</li></ul>' +
        `<img src="${IMAGE}"><a>坏</a><a href="https://example.org/a" rel="noopener noreferrer">好</a>`,
    )
    expect(clean).not.toMatch(/script|onerror|onload|onclick|iframe|javascript|hacked/)
  })

  it('the viewer shows the formatting and loads server images as blob: URLs through main', async () => {
    expect(viewHtml(`<img src="${IMAGE}">`)).toBe(`<img data-file="${IMAGE}">`)
    const { container } = inFluent(<RichTextView html={HOSTILE} />)
    expect(container.querySelector('strong')?.textContent).toBe('加粗')
    expect(container.querySelector('script, iframe, [onerror], [onload]')).toBeNull()
    await waitFor(() => expect(container.querySelector('img')?.getAttribute('src')).toBe('blob:image-1'))
    expect(read).toHaveBeenCalledWith({ path: IMAGE })
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined()
  })

  it('the editor starts from sanitised content and its toolbar writes lists and bold', async () => {
    const onChange = vi.fn()
    const { container } = inFluent(<RichTextEditor value={HOSTILE} onChange={onChange} label="通知内容" />)
    const doc = await waitFor(() => {
      const el = container.querySelector('.ProseMirror')
      expect(el).toBeTruthy()
      return el!
    })
    expect(doc.querySelector('strong')?.textContent).toBe('加粗')
    expect(doc.innerHTML).not.toMatch(/script|onerror|javascript|iframe/)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '有序列表' })))
    await waitFor(() => expect(onChange).toHaveBeenCalled())
    const html = String(onChange.mock.calls.at(-1)![0])
    expect(html).toContain('<ol>')
    expect(html).toContain('<strong>加粗</strong>')
    expect(html).not.toMatch(/script|onerror|javascript/)
  })
})

import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Chart, type ChartInstance, type ChartOption } from './Chart'
import { imageFileName, pngBytes } from './image'
import { isEmptyOption } from './types'

// jsdom lays nothing out and has no canvas: give every box the width of a card and the height its
// style asks for, and let text measuring fall back to ECharts' estimate instead of logging errors.
const getContext = HTMLCanvasElement.prototype.getContext
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof getContext
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 })
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return parseInt(this.style.height, 10) || 0
    },
  })
})
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = getContext
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight
})
afterEach(cleanup)

const pie = (data: { name: string; value: number }[]): ChartOption => ({
  tooltip: { trigger: 'item' },
  series: [{ type: 'pie', data }],
})

function draw(props: { option: ChartOption; height?: number; empty?: boolean }) {
  let chart: ChartInstance | null = null
  const onReady = (c: ChartInstance) => {
    chart = c
  }
  const ui = (p: typeof props) => (
    <FluentProvider theme={webLightTheme}>
      <Chart title="实验室类别" onReady={onReady} {...p} />
    </FluentProvider>
  )
  const view = render(ui(props))
  return {
    ...view,
    chart: async () => {
      // the first chart imports ECharts cold: slow on a busy two-core machine
      await waitFor(() => expect(chart).not.toBeNull(), { timeout: 25_000 })
      return chart!
    },
    update: (p: typeof props) => view.rerender(ui(p)),
  }
}

const seriesData = (chart: ChartInstance) =>
  (chart.getOption() as { series: { data: { name: string; value: number }[] }[] }).series.map((s) =>
    s.data.map((d) => [d.name, d.value]),
  )

describe('the chart wrapper', () => {
  it(
    'loads ECharts lazily and draws the option as SVG under jsdom, with the card title',
    { timeout: 30_000 },
    async () => {
      const view = draw({ option: pie([{ name: '基础实验室', value: 12 }]) })
      expect(screen.getByText('实验室类别')).toBeTruthy()
      const chart = await view.chart()
      expect(seriesData(chart)).toEqual([[['基础实验室', 12]]])
      expect(view.container.querySelector('svg')).not.toBeNull()
      // onReady fires as the ready state is set; the card shows it on the next render
      await waitFor(() => expect(view.container.querySelector('[data-chart="ready"]')).not.toBeNull())
    },
  )

  it('replaces the drawing when the option changes (a series left out is gone)', async () => {
    const view = draw({
      option: {
        xAxis: { type: 'category', data: ['一月'] },
        yAxis: { type: 'value' },
        series: [
          { type: 'bar', name: '预约', data: [3] },
          { type: 'bar', name: '开放', data: [5] },
        ],
      },
    })
    const chart = await view.chart()
    expect((chart.getOption() as { series: unknown[] }).series).toHaveLength(2)
    act(() =>
      view.update({
        option: {
          xAxis: { type: 'category', data: ['一月', '二月'] },
          yAxis: { type: 'value' },
          series: [{ type: 'bar', name: '预约', data: [4, 7] }],
        },
      }),
    )
    const series = (chart.getOption() as { series: { name: string; data: number[] }[] }).series
    expect(series.map((s) => [s.name, s.data])).toEqual([['预约', [4, 7]]])
  })

  it('follows a new height', async () => {
    const option = pie([{ name: '专业实验室', value: 3 }])
    const view = draw({ option, height: 240 })
    const chart = await view.chart()
    expect(chart.getHeight()).toBe(240)
    act(() => view.update({ option, height: 400 }))
    await waitFor(() => expect(chart.getHeight()).toBe(400))
    expect(chart.getWidth()).toBe(600)
  })

  it('disposes the chart when the card goes away', async () => {
    const view = draw({ option: pie([{ name: '专业实验室', value: 3 }]) })
    const chart = await view.chart()
    expect(chart.isDisposed()).toBeFalsy()
    view.unmount()
    expect(chart.isDisposed()).toBe(true)
  })

  it('shows 暂无数据 and no drawing for an option without data or when told it is empty', () => {
    const view = draw({ option: pie([]) })
    expect(screen.getByText('暂无数据')).toBeTruthy()
    expect(view.container.querySelector('[data-chart="empty"]')).not.toBeNull()
    expect(view.container.querySelector('[_echarts_instance_]')).toBeNull()
    expect((screen.getByRole('button', { name: '导出图片' }) as HTMLButtonElement).disabled).toBe(true)
    view.update({ option: pie([{ name: 'x', value: 1 }]), empty: true })
    expect(screen.getByText('暂无数据')).toBeTruthy()
  })

  it('导出图片 asks for a 2× PNG on white and hands its bytes to main under the dated title', async () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
    const saveImage = vi.fn(async () => ({ saved: true, filePath: '/tmp/实验室类别.png' }))
    ;(window as unknown as { api: unknown }).api = { files: { saveImage } }
    const view = draw({ option: pie([{ name: '基础实验室', value: 12 }]) })
    const chart = await view.chart()
    // The SVG renderer of jsdom cannot rasterise; the app's canvas renderer answers this call itself.
    const getDataURL = vi.spyOn(chart, 'getDataURL').mockReturnValue(png)
    const button = screen.getByRole('button', { name: '导出图片' }) as HTMLButtonElement
    await waitFor(() => expect(button.disabled).toBe(false))
    fireEvent.click(button)
    await waitFor(() => expect(saveImage).toHaveBeenCalledTimes(1))
    expect(getDataURL).toHaveBeenCalledWith({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' })
    const [req] = saveImage.mock.calls[0] as unknown as [{ suggestedName: string; bytes: Uint8Array }]
    expect(req.suggestedName).toBe(imageFileName('实验室类别'))
    expect([...req.bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })
})

describe('chart helpers', () => {
  it('names the image after the title and the day', () => {
    expect(imageFileName('实验室类别', new Date(2025, 2, 12))).toBe('实验室类别-20250312.png')
    expect(imageFileName('a/b:c', new Date(2025, 0, 1))).toBe('a_b_c-20250101.png')
  })

  it('decodes only PNG data URLs', () => {
    expect(pngBytes('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull()
    expect([...pngBytes('data:image/png;base64,iVBORw==')!]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })

  it('tells an option without data', () => {
    expect(isEmptyOption({ series: [] })).toBe(true)
    expect(isEmptyOption({ series: [{ type: 'bar', data: [] }] })).toBe(true)
    expect(isEmptyOption({ series: [{ type: 'bar', data: [0] }] })).toBe(false)
    expect(isEmptyOption({ dataset: { source: [['a', 1]] }, series: [{ type: 'bar' }] })).toBe(false)
  })
})

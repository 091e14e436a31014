import type { ChartInstance } from './types'

/** `实验室类别-20250312.png`: the chart's title and today's date, without characters a file name cannot hold. */
export function imageFileName(title: string, now = new Date()): string {
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`
  const name = title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'chart'
  return `${name}-${day}.png`
}

/** The bytes of a `data:image/png;base64,...` URL; null for anything else (an SVG renderer's URL). */
export function pngBytes(dataUrl: string): Uint8Array<ArrayBuffer> | null {
  const prefix = 'data:image/png;base64,'
  if (!dataUrl.startsWith(prefix)) return null
  const binary = atob(dataUrl.slice(prefix.length))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/**
 * 导出图片: the chart drawn at twice its size on white, saved by main in a native save dialog
 * (`files:save-image`). Resolves to the saved path, or null when the user cancelled.
 */
export async function saveChartImage(chart: ChartInstance, title: string): Promise<string | null> {
  const url = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' })
  const bytes = pngBytes(url)
  if (!bytes) throw new Error('图表未能生成PNG图片')
  const result = await window.api.files.saveImage({ suggestedName: imageFileName(title), bytes })
  return result.saved ? result.filePath : null
}

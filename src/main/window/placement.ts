import type { HostScreen, Rectangle } from '../host/electron-host'

export const DEFAULT_WINDOW_SIZE = { width: 1440, height: 900 }

/**
 * Where the window opens: its saved bounds when at least half of it lies on a display that is still
 * there; otherwise (a monitor unplugged, a laptop off its dock, no saved bounds) centred on the primary
 * display, no larger than that display's work area.
 */
export function placeWindow(saved: Partial<Rectangle> | null, screen: HostScreen): Rectangle {
  const width = saved?.width ?? DEFAULT_WINDOW_SIZE.width
  const height = saved?.height ?? DEFAULT_WINDOW_SIZE.height
  if (saved?.x !== undefined && saved.y !== undefined) {
    const bounds = { x: saved.x, y: saved.y, width, height }
    const visible = Math.max(0, ...screen.getAllDisplays().map((d) => overlap(bounds, d.workArea)))
    if (visible * 2 >= width * height) return bounds
  }
  const area = screen.getPrimaryDisplay().workArea
  const w = Math.min(width, area.width)
  const h = Math.min(height, area.height)
  return {
    x: area.x + Math.round((area.width - w) / 2),
    y: area.y + Math.round((area.height - h) / 2),
    width: w,
    height: h,
  }
}

function overlap(a: Rectangle, b: Rectangle): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return w > 0 && h > 0 ? w * h : 0
}

import { useEffect, useMemo, useRef } from 'react'
// The ES module build: the bundler's CommonJS interop hands `lib/core`'s exports object over as its
// default, which React refuses as a component (minified error #130) in the built app.
import ReactEChartsCore from 'echarts-for-react/esm/core'
import { echarts } from './echarts'
import type { ChartInstance, ChartOption } from './types'

export interface EChartProps {
  option: ChartOption
  theme: Record<string, unknown>
  renderer: 'canvas' | 'svg'
  locale: 'ZH' | 'EN'
  height: number
  onReady(chart: ChartInstance): void
}

/**
 * The lazy chunk of the chart wrapper: echarts-for-react's core component over the registered
 * ECharts. A new option replaces the old one (`notMerge`); the chart follows its box's size and is
 * disposed on unmount by the component.
 */
export default function EChart({ option, theme, renderer, locale, height, onReady }: EChartProps) {
  // A new opts or theme object makes the component rebuild the chart: keep them stable.
  const opts = useMemo(() => ({ renderer, locale }), [renderer, locale])
  const style = useMemo(() => ({ height: `${height}px`, width: '100%' }), [height])
  const chart = useRef<ChartInstance | null>(null)
  // The component resizes on its box's size events; a new height is applied at once as well
  // ('auto': the box's size, not the size the component fixed when it first drew).
  useEffect(() => {
    if (chart.current && !chart.current.isDisposed()) chart.current.resize({ width: 'auto', height: 'auto' })
  }, [height])
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      theme={theme}
      opts={opts}
      notMerge
      style={style}
      onChartReady={(instance: ChartInstance) => {
        chart.current = instance
        onReady(instance)
      }}
    />
  )
}

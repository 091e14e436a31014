import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts'
import type {
  DatasetComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components'
import type { ComposeOption, EChartsType } from 'echarts/core'

/** The option of a chart: only what `echarts.ts` registers type-checks (types only: no chunk pulled in). */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | DatasetComponentOption
  | GridComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>

export type ChartInstance = EChartsType

/** True when the option has nothing to draw: no series, or every series and the dataset without data. */
export function isEmptyOption(option: ChartOption): boolean {
  const series = option.series === undefined ? [] : ([] as unknown[]).concat(option.series)
  const datasets = option.dataset === undefined ? [] : ([] as unknown[]).concat(option.dataset)
  const hasRows = (value: unknown) => Array.isArray(value) && value.length > 0
  const datasetRows = datasets.some((d) => hasRows((d as { source?: unknown }).source))
  if (datasetRows) return false
  return !series.some((s) => hasRows((s as { data?: unknown }).data))
}

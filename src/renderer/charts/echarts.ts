/**
 * ECharts as the app uses it: the tree-shaken core with only the chart types and components the
 * screens draw registered (add a type here when a screen needs it). Imported by `EChart.tsx` only, so
 * it lands in the lazy chart chunk, never in the first screen's bundle.
 */
import * as echarts from 'echarts/core'
import { BarChart, LineChart, PieChart } from 'echarts/charts'
import {
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components'
import { LabelLayout } from 'echarts/features'
// Canvas draws the app's charts; SVG serves jsdom (component tests), which has no canvas.
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers'

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  LabelLayout,
  CanvasRenderer,
  SVGRenderer,
])

export { echarts }

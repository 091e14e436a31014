/**
 * The one chart wrapper every screen uses (首页, SJ 统计, lab and safety statistics):
 *
 *   <Chart title="实验室类别" option={{ series: [{ type: 'pie', data }] }} height={280} />
 *
 * A Fluent card with the title, optional `actions`, and 导出图片 (the chart at 2× on white as a PNG,
 * saved by main through `files:save-image` as `实验室类别-20250312.png`). ECharts itself loads in a
 * lazy chunk the first time a chart mounts; colours follow the Fluent theme in use, texts the app's
 * language (ECharts' zh locale). An option without data, or `empty`, shows 暂无数据 instead of axes.
 * Only the chart types registered in `echarts.ts` draw; `ChartOption` type-checks against them.
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import {
  Button,
  Card,
  CardHeader,
  Skeleton,
  SkeletonItem,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ImageArrowForward20Regular } from '@fluentui/react-icons'
import { useLanguage, useText } from '../i18n'
import { notify } from '../shell/notify'
import { errorMessage } from '../shell/request'
import { useSettings } from '../shell/settings'
import { buildTheme } from '../theme/themes'
import { saveChartImage } from './image'
import { chartTexts } from './texts'
import { chartTheme } from './theme'
import { isEmptyOption, type ChartInstance, type ChartOption } from './types'

export type { ChartInstance, ChartOption } from './types'

const EChart = lazy(() => import('./EChart'))

/** Canvas in the app; jsdom (component tests) has no canvas, so it draws SVG there. */
const DEFAULT_RENDERER: 'canvas' | 'svg' =
  typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent) ? 'svg' : 'canvas'

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  actions: { display: 'flex', alignItems: 'center', gap: '4px' },
  empty: {
    display: 'grid',
    placeItems: 'center',
    color: tokens.colorNeutralForeground3,
  },
})

export interface ChartProps {
  /** The card's title, also the image's file name. */
  title: string
  option: ChartOption
  /** Height of the drawing in px (default 300). */
  height?: number
  /** Show 暂无数据 whatever the option holds (e.g. the area is not available). */
  empty?: boolean
  /** Controls beside 导出图片 (a period switch, a link). */
  actions?: ReactNode
  /** The drawn chart, once it has painted (tests, cross-chart interactions). */
  onReady?(chart: ChartInstance): void
  className?: string
}

export function Chart({ title, option, height = 300, empty, actions, onReady, className }: ChartProps) {
  const styles = useStyles()
  const text = useText()
  const language = useLanguage((s) => s.language)
  const themeName = useSettings((s) => s.theme)
  const color = useSettings((s) => s.color)
  const theme = useMemo(() => chartTheme(buildTheme(themeName, color).theme), [themeName, color])
  const chart = useRef<ChartInstance | null>(null)
  const [ready, setReady] = useState(false)
  const [saving, setSaving] = useState(false)
  const blank = empty ?? isEmptyOption(option)

  const handleReady = useCallback(
    (instance: ChartInstance) => {
      chart.current = instance
      setReady(true)
      onReady?.(instance)
    },
    [onReady],
  )

  const save = async () => {
    if (!chart.current || saving) return
    setSaving(true)
    try {
      const path = await saveChartImage(chart.current, title)
      if (path) notify.success(text(chartTexts.saved), path)
    } catch (e) {
      notify.error(errorMessage(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card
      className={[styles.card, className].filter(Boolean).join(' ')}
      data-chart={blank ? 'empty' : ready ? 'ready' : 'loading'}
    >
      <CardHeader
        header={<Text weight="semibold">{title}</Text>}
        action={
          <div className={styles.actions}>
            {actions}
            <Button
              appearance="subtle"
              size="small"
              icon={<ImageArrowForward20Regular />}
              disabled={blank || !ready || saving}
              onClick={() => void save()}
              title={text(chartTexts.saveImage)}
            >
              {text(chartTexts.saveImage)}
            </Button>
          </div>
        }
      />
      {blank ? (
        <div className={styles.empty} style={{ height }}>
          {text(chartTexts.empty)}
        </div>
      ) : (
        <Suspense
          fallback={
            <Skeleton aria-label={text(chartTexts.loading)}>
              <SkeletonItem style={{ height }} />
            </Skeleton>
          }
        >
          <EChart
            option={option}
            theme={theme}
            renderer={DEFAULT_RENDERER}
            locale={language === 'en' ? 'EN' : 'ZH'}
            height={height}
            onReady={handleReady}
          />
        </Suspense>
      )}
    </Card>
  )
}

import type { Theme } from '@fluentui/react-components'

const FONT = "'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif"

/**
 * An ECharts theme from the Fluent theme in use: the brand colour first, then Fluent's palette
 * colours; text, axes, split lines and tooltips in the theme's neutral tokens (so dark themes read).
 */
export function chartTheme(t: Theme): Record<string, unknown> {
  const axis = {
    axisLine: { lineStyle: { color: t.colorNeutralStroke1 } },
    axisTick: { lineStyle: { color: t.colorNeutralStroke1 } },
    axisLabel: { color: t.colorNeutralForeground3 },
    splitLine: { lineStyle: { color: [t.colorNeutralStroke3] } },
    nameTextStyle: { color: t.colorNeutralForeground3 },
  }
  return {
    color: [
      t.colorBrandBackground,
      t.colorPaletteTealBorderActive,
      t.colorPaletteMarigoldBorderActive,
      t.colorPaletteBerryBorderActive,
      t.colorPaletteLightGreenBorderActive,
      t.colorPaletteDarkOrangeBorderActive,
      t.colorPaletteLavenderBorderActive,
      t.colorPaletteCranberryBorderActive,
      t.colorPaletteLightTealBorderActive,
      t.colorPaletteGrapeBorderActive,
    ],
    backgroundColor: 'transparent',
    textStyle: { color: t.colorNeutralForeground2, fontFamily: FONT },
    title: {
      textStyle: { color: t.colorNeutralForeground1 },
      subtextStyle: { color: t.colorNeutralForeground3 },
    },
    legend: { textStyle: { color: t.colorNeutralForeground2 } },
    tooltip: {
      backgroundColor: t.colorNeutralBackground1,
      borderColor: t.colorNeutralStroke1,
      textStyle: { color: t.colorNeutralForeground1 },
    },
    categoryAxis: axis,
    valueAxis: axis,
    pie: { itemStyle: { borderColor: t.colorNeutralBackground1, borderWidth: 1 } },
  }
}

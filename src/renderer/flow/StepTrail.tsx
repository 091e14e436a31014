import { tokens } from '@fluentui/react-components'
import { useT } from '../i18n'
import type { HistoryStep } from './api'

const BOX_W = 112
const BOX_H = 36
const GAP = 28

/**
 * 流程图 as the instance went: its steps left to right as boxes, the open step highlighted. Drawn
 * from the history (the server does not serve the definition's BPMN to the client).
 */
export function StepTrail({ steps }: { steps: HistoryStep[] }) {
  const t = useT()
  const width = steps.length * (BOX_W + GAP) - GAP + 4
  return (
    <svg
      role="img"
      aria-label={`${t('flow.diagram')}${steps.map((s) => s.historyActivityName).join(' → ')}`}
      width={width}
      height={BOX_H + 4}
      style={{ maxWidth: '100%', overflowX: 'auto' }}
    >
      {steps.map((step, i) => {
        const x = 2 + i * (BOX_W + GAP)
        const open = step.historyActivityType === 'userTask' && !step.endTime
        const rejected = step.pass === false
        const event = step.historyActivityType !== 'userTask'
        return (
          <g key={`${step.historyActivityId}-${i}`}>
            {i > 0 ? (
              <line
                x1={x - GAP}
                y1={2 + BOX_H / 2}
                x2={x - 4}
                y2={2 + BOX_H / 2}
                stroke={tokens.colorNeutralStroke1}
                strokeWidth={2}
              />
            ) : null}
            <rect
              x={x}
              y={2}
              width={BOX_W}
              height={BOX_H}
              rx={event ? BOX_H / 2 : 6}
              fill={open ? tokens.colorPaletteMarigoldBackground2 : tokens.colorNeutralBackground1}
              stroke={
                open
                  ? tokens.colorPaletteMarigoldBorder2
                  : rejected
                    ? tokens.colorPaletteRedBorder2
                    : tokens.colorBrandStroke1
              }
              strokeWidth={open ? 3 : 1.5}
            />
            <text
              x={x + BOX_W / 2}
              y={2 + BOX_H / 2 + 5}
              textAnchor="middle"
              fontSize={13}
              fill={tokens.colorNeutralForeground1}
            >
              {step.historyActivityName.length > 8
                ? `${step.historyActivityName.slice(0, 7)}…`
                : step.historyActivityName}
            </text>
          </g>
        )
      })}
    </svg>
  )
}

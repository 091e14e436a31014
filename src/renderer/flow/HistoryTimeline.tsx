import { Badge, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useT, type MessageKey } from '../i18n'
import { flowApi, type HistoryStep } from './api'
import { StepTrail } from './StepTrail'

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  step: {
    position: 'relative',
    paddingLeft: '28px',
    paddingBottom: tokens.spacingVerticalL,
    borderLeft: `2px solid ${tokens.colorNeutralStroke2}`,
    marginLeft: '8px',
  },
  last: { borderLeftColor: 'transparent' },
  dot: {
    position: 'absolute',
    left: '-8px',
    top: '2px',
    width: '14px',
    height: '14px',
    borderRadius: '50%',
    backgroundColor: tokens.colorBrandBackground,
  },
  open: { backgroundColor: tokens.colorPaletteMarigoldBackground3 },
  head: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  comment: { marginTop: tokens.spacingVerticalXS },
})

function outcomeOf(step: HistoryStep, t: (key: MessageKey) => string) {
  if (step.historyActivityType !== 'userTask') return null
  if (!step.endTime) return <Badge color="warning">{t('flow.step.open')}</Badge>
  if (step.pass === false) return <Badge color="danger">{t('flow.reject')}</Badge>
  // the built-in approval flows return a rejected request to the applicant at this step
  if (step.historyActivityId === 'applicant_modify')
    return <Badge color="informative">{t('flow.step.resubmitted')}</Badge>
  return <Badge color="success">{t('flow.approve')}</Badge>
}

/** 流转记录: every step of an instance with who, when, what they said and the outcome. */
export function HistoryTimeline({
  processInstanceId,
  version = 0,
}: {
  processInstanceId: string
  version?: number
}) {
  const s = useStyles()
  const t = useT()
  const [steps, setSteps] = useState<HistoryStep[] | null>(null)
  useEffect(() => {
    let live = true
    flowApi
      .history(processInstanceId)
      .then((x) => live && setSteps(x ?? []))
      .catch(() => live && setSteps([]))
    return () => {
      live = false
    }
  }, [processInstanceId, version])
  if (!steps) return <Spinner size="small" />
  if (!steps.length) return <Text>{t('flow.historyEmpty')}</Text>
  return (
    <>
      <StepTrail steps={steps} />
      <ol className={s.list} aria-label={t('flow.history')}>
        {steps.map((step, i) => (
          <li
            key={`${step.historyActivityId}-${step.taskId ?? i}`}
            className={i === steps.length - 1 ? `${s.step} ${s.last}` : s.step}
            aria-label={step.historyActivityName}
          >
            <span className={step.endTime ? s.dot : `${s.dot} ${s.open}`} />
            <div className={s.head}>
              <Text weight="semibold">{step.historyActivityName}</Text>
              {step.assigneeName ? <Text>{step.assigneeName}</Text> : null}
              {outcomeOf(step, t)}
            </div>
            <div className={s.meta}>
              {t('flow.step.started')}
              {step.createTime}
              {step.endTime ? `${t('flow.step.ended')}${step.endTime}` : ''}
              {step.historyActivityDurationTime
                ? `${t('flow.step.duration')}${step.historyActivityDurationTime}`
                : ''}
            </div>
            {step.comment ? (
              <div className={s.comment}>
                {t('flow.step.comment')}
                {step.comment}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  )
}

import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { ExamQuestion } from '../../shared/api/safety'
import { useText } from '../i18n'
import { T } from './texts'

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(5, 36px)', gap: tokens.spacingHorizontalXS },
  cell: { minWidth: '36px', width: '36px', height: '32px', padding: 0 },
  answered: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2 },
  marked: { outline: `2px solid ${tokens.colorPaletteMarigoldBorderActive}` },
  current: { fontWeight: tokens.fontWeightBold, border: `2px solid ${tokens.colorBrandStroke1}` },
  legend: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
  },
  group: { marginTop: tokens.spacingVerticalXS },
})

const TYPE = ['', '单选题', '多选题', '判断题']

/** Each question's state: answered, unanswered, marked. */
export function cardStates(questions: ExamQuestion[], answers: Record<string, string>, marked: string[]) {
  return questions.map((q) => ({
    qid: q.qid,
    no: q.no,
    type: q.type,
    answered: !!answers[q.qid],
    marked: marked.includes(q.qid),
  }))
}

/** 答题卡: every question by number, grouped by type; a click goes to it. */
export function AnswerCard({
  questions,
  answers,
  marked,
  current,
  onGo,
}: {
  questions: ExamQuestion[]
  answers: Record<string, string>
  marked: string[]
  current: number
  onGo: (index: number) => void
}) {
  const s = useStyles()
  const text = useText()
  const states = cardStates(questions, answers, marked)
  const answered = states.filter((x) => x.answered).length
  return (
    <nav className={s.card} aria-label={text(T.card)}>
      <Text weight="semibold">
        {text(T.card)}（{answered}/{questions.length}）
      </Text>
      {[1, 2, 3].map((type) => {
        const ofType = states.map((x, i) => ({ ...x, i })).filter((x) => x.type === type)
        if (!ofType.length) return null
        return (
          <div key={type} className={s.group}>
            <Text size={200}>{TYPE[type]}</Text>
            <div className={s.grid}>
              {ofType.map((x) => (
                <Button
                  key={x.qid}
                  size="small"
                  className={mergeClasses(
                    s.cell,
                    x.answered && s.answered,
                    x.marked && s.marked,
                    x.i === current && s.current,
                  )}
                  aria-label={`第${x.no}题${x.answered ? text(T.answered) : text(T.unanswered)}${x.marked ? text(T.marked) : ''}`}
                  aria-current={x.i === current ? 'step' : undefined}
                  onClick={() => onGo(x.i)}
                >
                  {x.no}
                </Button>
              ))}
            </div>
          </div>
        )
      })}
      <div className={s.legend}>
        <span>■ {text(T.answered)}</span>
        <span>□ {text(T.unanswered)}</span>
        <span>▣ {text(T.marked)}</span>
      </div>
    </nav>
  )
}

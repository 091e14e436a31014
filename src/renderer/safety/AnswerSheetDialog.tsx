import { Badge, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { safetyExamApi, type AnswerSheet } from '../../shared/api/safety'
import { judgeText } from '../../shared/resources/safety/question-rules'
import { Facts } from '../flow/ProcessLayout'
import { useText } from '../i18n'
import { call } from '../shell/request'
import { FormShell } from './FormShell'
import { T } from './texts'

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    marginTop: tokens.spacingVerticalM,
  },
  q: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalS },
  head: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'baseline' },
  options: {
    margin: `${tokens.spacingVerticalXS} 0`,
    paddingLeft: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground2,
  },
  meta: { display: 'flex', gap: tokens.spacingHorizontalL, fontSize: tokens.fontSizeBase200 },
  right: { color: tokens.colorPaletteGreenForeground1 },
  wrong: { color: tokens.colorPaletteRedForeground1 },
})

const TYPE = ['', '单选题', '多选题', '判断题']
const shown = (type: number, v: string | null) => (!v ? '未作答' : type === 3 ? judgeText(v) : v)

/** 答卷: each question with the candidate's answer, and (when shown) the key, points and analysis. */
export function AnswerSheetDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const s = useStyles()
  const text = useText()
  const [sheet, setSheet] = useState<AnswerSheet | null>(null)
  useEffect(() => {
    let live = true
    void call(safetyExamApi.paperPerson.detail, { query: { id } })
      .then((x) => live && setSheet(x))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [id])
  return (
    <FormShell
      title={sheet ? `${text(T.sheet)}：${sheet.userName}（${sheet.userCode}）` : text(T.sheet)}
      width={960}
      readOnly
      onClose={onClose}
    >
      {!sheet ? (
        <Spinner size="small" />
      ) : (
        <>
          <Facts
            rows={[
              ['考试', sheet.planName],
              ['院系', sheet.deptName],
              ['开始时间', sheet.startTime],
              [
                '交卷时间',
                sheet.submitTime
                  ? `${sheet.submitTime}（${sheet.submitType === 2 ? '超时自动交卷' : '主动交卷'}）`
                  : '答题中',
              ],
              [
                '成绩',
                sheet.score === null ? '—' : `${sheet.score} / ${sheet.totalScore}（及格${sheet.passScore}）`,
              ],
              [text(T.blurCount), String(sheet.blurCount)],
            ]}
          />
          <div className={s.list} role="list" aria-label={text(T.sheet)}>
            {sheet.questions.map((q) => (
              <div className={s.q} key={q.qid} role="listitem">
                <div className={s.head}>
                  <Text weight="semibold">{q.no}.</Text>
                  <Badge appearance="outline">{TYPE[q.type]}</Badge>
                  <Text>{q.stem}</Text>
                  <Text size={200}>（{q.score}分）</Text>
                </div>
                {q.options.length ? (
                  <div className={s.options}>{q.options.map((o) => `${o.key}. ${o.text}`).join('　')}</div>
                ) : null}
                <div className={s.meta}>
                  <span>
                    {text(T.yourAnswer)}：{shown(q.type, q.myAnswer)}
                  </span>
                  {sheet.showKeys ? (
                    <>
                      <span>
                        {text(T.key)}：{shown(q.type, q.key)}
                      </span>
                      <span className={q.earned === q.score ? s.right : s.wrong}>
                        {text(T.earned)}：{q.earned ?? 0}
                      </span>
                    </>
                  ) : null}
                </div>
                {sheet.showKeys && q.analysis ? (
                  <Text size={200}>
                    {text(T.analysis)}：{q.analysis}
                  </Text>
                ) : null}
              </div>
            ))}
          </div>
        </>
      )}
    </FormShell>
  )
}

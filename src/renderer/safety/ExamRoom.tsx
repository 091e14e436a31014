import {
  Badge,
  Button,
  Card,
  Checkbox,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { safetyExamApi, type ExamPaper, type PaperSubmitAnswer } from '../../shared/api/safety'
import { confirm, notify } from '../resource/shell-adapter'
import { useText } from '../i18n'
import { call, errorMessage, quietCall } from '../shell/request'
import { guardTabClose } from '../shell/tabs'
import { AnswerCard } from './AnswerCard'
import { AutosaveQueue, storageKey, type SaveState } from './autosave'
import { clockText, endsAt, secondsLeft, warningsBetween } from './countdown'
import { T } from './texts'

const useStyles = makeStyles({
  room: {
    display: 'grid',
    gridTemplateColumns: '1fr 260px',
    gap: tokens.spacingHorizontalL,
    height: '100%',
    minHeight: 0,
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
  },
  main: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
    overflow: 'auto',
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL },
  title: { flex: 1 },
  clock: {
    fontSize: tokens.fontSizeHero700,
    fontVariantNumeric: 'tabular-nums',
    fontWeight: tokens.fontWeightSemibold,
  },
  urgent: { color: tokens.colorPaletteRedForeground1 },
  question: {
    padding: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  stem: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  options: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  nav: { display: 'flex', gap: tokens.spacingHorizontalS },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  state: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
})

const TYPE = ['', '单选题', '多选题', '判断题']
const KEYS = ['A', 'B', 'C', 'D', 'E', 'F']

/**
 * The exam room: one question at a time, 上一题/下一题 (←/→), keys A–F, 标记, the 答题卡, the server's
 * countdown (warnings at 5 and 1 minutes, hand-in at 0), autosave with the offline banner, 交卷 with
 * the count of unanswered questions, 切屏次数 from window blurs, and a guard on closing the tab.
 */
export function ExamRoom({
  paper,
  tabPath,
  onHandedIn,
  onEnded,
}: {
  paper: ExamPaper
  tabPath: string
  onHandedIn: (result: PaperSubmitAnswer) => void
  /** The server closed the paper meanwhile (time over, handed in elsewhere). */
  onEnded: () => void
}) {
  const s = useStyles()
  const text = useText()
  const [, setTick] = useState(0)
  const [saveState, setSaveState] = useState<SaveState>('idle')
  const [current, setCurrent] = useState(0)
  const [handing, setHanding] = useState(false)
  const handedIn = useRef(false)
  const end = useMemo(
    () => endsAt(paper.deadline, paper.serverNow, Date.now()),
    [paper.deadline, paper.serverNow],
  )
  const queue = useMemo(
    () =>
      new AutosaveQueue(
        {
          key: storageKey(paper.paperPersonId),
          storage: window.sessionStorage,
          // Quietly: a failure shows as the banner, not a toast per retry.
          send: (st) =>
            quietCall(safetyExamApi.paperPerson.submit, {
              body: {
                id: paper.paperPersonId,
                answers: st.answers,
                version: st.version,
                final: 0,
                blurCount: st.blurCount,
              },
            }),
          onState: setSaveState,
          onRefused: (error) => {
            notify.error(errorMessage(error))
            onEnded()
          },
        },
        { answers: paper.answers, version: paper.version, blurCount: paper.blurCount },
      ),
    // a new paper is a new queue; the callbacks only toast and tell the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [paper],
  )
  const [stored, setStored] = useState(queue.state)
  const refresh = useCallback(() => setStored({ ...queue.state }), [queue])
  useEffect(() => () => queue.stop(), [queue])

  const handIn = useCallback(
    async (auto: boolean) => {
      if (handedIn.current) return
      setHanding(true)
      try {
        await queue.flush().catch(() => undefined)
        const st = queue.state
        const result = await call(safetyExamApi.paperPerson.submit, {
          body: {
            id: paper.paperPersonId,
            answers: st.answers,
            version: st.version,
            final: 1,
            blurCount: st.blurCount,
          },
        })
        handedIn.current = true
        queue.finish()
        if (auto) notify.info('考试时间到，已自动交卷')
        onHandedIn(result)
      } catch {
        // toasted; the answers stay kept and the 交卷 button stays
      } finally {
        setHanding(false)
      }
    },
    [queue, paper.paperPersonId, onHandedIn],
  )

  // The clock: a tick a second; warnings at 5 and 1 minutes; 0 hands in.
  const last = useRef(secondsLeft(end, Date.now()))
  useEffect(() => {
    const timer = setInterval(() => {
      const now = secondsLeft(end, Date.now())
      for (const mark of warningsBetween(last.current, now))
        notify.warning(text(mark === 300 ? T.fiveMinutes : T.oneMinute))
      last.current = now
      setTick((n) => n + 1)
      if (now === 0) void handIn(true)
    }, 1000)
    return () => clearInterval(timer)
  }, [end, handIn, text])

  // 切屏次数: each time the window loses focus.
  useEffect(() => {
    const onBlur = () => {
      if (handedIn.current) return
      queue.blurred()
      refresh()
    }
    window.addEventListener('blur', onBlur)
    return () => window.removeEventListener('blur', onBlur)
  }, [queue, refresh])

  // Closing the tab asks first: the clock does not stop.
  useEffect(
    () =>
      guardTabClose(tabPath, () =>
        handedIn.current ? Promise.resolve(true) : confirm(text(T.leaveWarning)),
      ),
    [tabPath, text],
  )

  const q = paper.questions[current]
  const value = stored.answers[q.qid] ?? ''
  const choose = useCallback(
    (key: string) => {
      const question = paper.questions[current]
      const now = queue.state.answers[question.qid] ?? ''
      let next = key
      if (question.type === 2) {
        const set = new Set(now.split('').filter(Boolean))
        if (set.has(key)) set.delete(key)
        else set.add(key)
        next = [...set].sort().join('')
      }
      queue.answer(question.qid, next)
      refresh()
    },
    [current, paper.questions, queue, refresh],
  )

  // Keys: A–F choose (判断: A = 正确, B = 错误), ←/→ move.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return
      if (e.key === 'ArrowLeft') setCurrent((c) => Math.max(0, c - 1))
      else if (e.key === 'ArrowRight') setCurrent((c) => Math.min(paper.questions.length - 1, c + 1))
      else {
        const key = e.key.toUpperCase()
        const question = paper.questions[current]
        if (question.type === 3 && (key === 'A' || key === 'B')) choose(key === 'A' ? 'T' : 'F')
        else if (question.options.some((o) => o.key === key)) choose(key)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [choose, current, paper.questions])

  const left = secondsLeft(end, Date.now())
  const unanswered = paper.questions.filter((x) => !stored.answers[x.qid]).length
  const askHandIn = async () => {
    const message = unanswered ? `还有${unanswered}题未作答，确定交卷？` : '确定交卷？'
    if (await confirm(message)) await handIn(false)
  }

  return (
    <div className={s.room}>
      <div className={s.main}>
        <div className={s.head}>
          <Text as="h2" size={500} weight="semibold" className={s.title}>
            {paper.planName}
          </Text>
          <Text>{text(T.remaining)}</Text>
          <span
            className={mergeClasses(s.clock, left <= 300 && s.urgent)}
            role="timer"
            aria-label={text(T.remaining)}
          >
            {clockText(left)}
          </span>
          <Button appearance="primary" disabled={handing} onClick={() => void askHandIn()}>
            {text(T.submit)}
          </Button>
        </div>
        {saveState === 'failed' ? (
          <MessageBar intent="warning">
            <MessageBarBody>{text(T.saveFailed)}</MessageBarBody>
          </MessageBar>
        ) : null}
        <Card className={s.question} role="group" aria-label={`第${q.no}题`}>
          <div>
            <Badge appearance="tint">{TYPE[q.type]}</Badge> <Text size={200}>（{q.score}分）</Text>
          </div>
          <Text className={s.stem}>
            {q.no}. {q.stem}
          </Text>
          <div className={s.options}>
            {q.type === 3 ? (
              <RadioGroup value={value} onChange={(_e, d) => choose(d.value)} aria-label="答案">
                <Radio value="T" label="A. 正确" />
                <Radio value="F" label="B. 错误" />
              </RadioGroup>
            ) : q.type === 1 ? (
              <RadioGroup value={value} onChange={(_e, d) => choose(d.value)} aria-label="答案">
                {q.options.map((o) => (
                  <Radio key={o.key} value={o.key} label={`${o.key}. ${o.text}`} />
                ))}
              </RadioGroup>
            ) : (
              q.options.map((o) => (
                <Checkbox
                  key={o.key}
                  checked={value.includes(o.key)}
                  label={`${o.key}. ${o.text}`}
                  onChange={() => choose(o.key)}
                />
              ))
            )}
          </div>
          <div className={s.nav}>
            <Button disabled={current === 0} onClick={() => setCurrent((c) => c - 1)}>
              {text(T.prev)}
            </Button>
            <Button
              disabled={current === paper.questions.length - 1}
              onClick={() => setCurrent((c) => c + 1)}
            >
              {text(T.next)}
            </Button>
            <Button
              appearance="subtle"
              onClick={() => {
                queue.toggleMark(q.qid)
                refresh()
              }}
            >
              {stored.marked.includes(q.qid) ? text(T.unmark) : text(T.mark)}
            </Button>
          </div>
        </Card>
        <Text className={s.state} aria-live="polite">
          {saveState === 'saved'
            ? text(T.savedAt)
            : saveState === 'saving'
              ? '保存中…'
              : saveState === 'pending'
                ? '待保存'
                : ''}
          {'　'}
          {text(T.blurCount)}：{stored.blurCount}
        </Text>
      </div>
      <aside className={s.side}>
        <AnswerCard
          questions={paper.questions}
          answers={stored.answers}
          marked={stored.marked}
          current={current}
          onGo={setCurrent}
        />
        <Text size={200}>{KEYS.slice(0, 4).join('/')} 选择答案，← → 切换题目</Text>
      </aside>
    </div>
  )
}

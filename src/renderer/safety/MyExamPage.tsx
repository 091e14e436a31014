import {
  Badge,
  Button,
  Card,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { safetyPlanApi, type ExamPaper, type PaperSubmitAnswer, type PlanView } from '../../shared/api/safety'
import { usePermissions } from '../resource/shell-adapter'
import { useText } from '../i18n'
import { call, quietCall } from '../shell/request'
import { ExamRoom } from './ExamRoom'
import { RULES_TEXT, T } from './texts'

const useStyles = makeStyles({
  page: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    height: '100%',
    boxSizing: 'border-box',
    overflow: 'auto',
  },
  result: {
    maxWidth: '520px',
    margin: '40px auto',
    padding: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalL,
  },
  score: { fontSize: '56px', fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
  rules: {
    margin: 0,
    paddingLeft: '20px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
})

const ACTIVE = 'safety-exam:active'
const STATUS = ['未参加', '考试中', '已交卷', '缺考']

/** 在线考试: my exams (phase, window, duration, state, score), 考试须知, the exam room, the result. */
export default function MyExamPage() {
  const s = useStyles()
  const text = useText()
  const can = usePermissions()
  const { pathname } = useLocation()
  const [plans, setPlans] = useState<PlanView[] | null>(null)
  const [rulesFor, setRulesFor] = useState<PlanView | null>(null)
  const [agreed, setAgreed] = useState(false)
  const [paper, setPaper] = useState<ExamPaper | null>(null)
  const [result, setResult] = useState<(PaperSubmitAnswer & { planName: string }) | null>(null)
  const [starting, setStarting] = useState(false)

  const load = useCallback(() => {
    void quietCall(safetyPlanApi.plan.page, { query: { mine: '1', current: 1, size: 100 } })
      .then((p) => setPlans(p.records))
      .catch(() => setPlans([]))
  }, [])

  const enter = useCallback(
    async (planId: string) => {
      setStarting(true)
      try {
        const started = await call(safetyPlanApi.plan.getPaperQuestionsByUserUniapp, { query: { planId } })
        window.sessionStorage.setItem(ACTIVE, planId)
        setPaper(started)
      } catch {
        window.sessionStorage.removeItem(ACTIVE)
        load()
      } finally {
        setStarting(false)
      }
    },
    [load],
  )

  // A reload in the middle of an exam comes back into it (same questions, answers and time left).
  useEffect(() => {
    const active = window.sessionStorage.getItem(ACTIVE)
    if (active) void enter(active)
    else load()
  }, [enter, load])

  const back = () => {
    window.sessionStorage.removeItem(ACTIVE)
    setPaper(null)
    setResult(null)
    load()
  }

  if (paper)
    return (
      <ExamRoom
        paper={paper}
        tabPath={pathname}
        onHandedIn={(r) => {
          window.sessionStorage.removeItem(ACTIVE)
          setResult({ ...r, planName: paper.planName })
          setPaper(null)
        }}
        onEnded={back}
      />
    )

  if (result)
    return (
      <div className={s.page}>
        <Card className={s.result} role="status" aria-label={text(T.handedIn)}>
          <Text size={500} weight="semibold">
            {result.planName}
          </Text>
          <Text>{text(T.handedIn)}</Text>
          {result.score !== null && result.score !== undefined ? (
            <>
              <span className={s.score}>{result.score}分</span>
              <Badge size="extra-large" color={result.passed ? 'success' : 'danger'}>
                {result.passed ? text(T.passed) : text(T.failed)}
              </Badge>
            </>
          ) : (
            <Text>成绩将在考试结束后公布</Text>
          )}
          <Button appearance="primary" onClick={back}>
            {text(T.backToList)}
          </Button>
        </Card>
      </div>
    )

  return (
    <section className={s.page} aria-label="在线考试">
      <Text as="h2" size={500} weight="semibold">
        {text(T.myExams)}
      </Text>
      {plans === null || starting ? (
        <Spinner size="small" />
      ) : (
        <Table aria-label={text(T.myExams)}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>考试名称</TableHeaderCell>
              <TableHeaderCell>{text(T.window)}</TableHeaderCell>
              <TableHeaderCell>{text(T.duration)}</TableHeaderCell>
              <TableHeaderCell>阶段</TableHeaderCell>
              <TableHeaderCell>{text(T.state)}</TableHeaderCell>
              <TableHeaderCell>{text(T.score)}</TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {plans.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7}>{text(T.empty)}</TableCell>
              </TableRow>
            ) : null}
            {plans.map((p) => (
              <TableRow key={p.id}>
                <TableCell>{p.planName}</TableCell>
                <TableCell>
                  {p.startTime} 至 {p.endTime}
                </TableCell>
                <TableCell>{p.duration}分钟</TableCell>
                <TableCell>{p.phase}</TableCell>
                <TableCell>{STATUS[p.myStatus ?? 0]}</TableCell>
                <TableCell>{p.myScore ?? '—'}</TableCell>
                <TableCell>
                  {can('safety_myexam_start') && p.myStatus !== 2 && p.myStatus !== 3 ? (
                    <Button
                      appearance="primary"
                      size="small"
                      onClick={() => {
                        if (p.myStatus === 1) void enter(p.id)
                        else {
                          setAgreed(false)
                          setRulesFor(p)
                        }
                      }}
                    >
                      {p.myStatus === 1 ? text(T.resume) : text(T.start)}
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {rulesFor ? (
        <Dialog open modalType="modal" onOpenChange={(_e, d) => !d.open && setRulesFor(null)}>
          <DialogSurface style={{ width: 560 }}>
            <DialogBody>
              <DialogTitle>{text(T.rules)}</DialogTitle>
              <DialogContent>
                <Text weight="semibold">{rulesFor.planName}</Text>
                <p>
                  考试时长{rulesFor.duration}分钟，及格分{rulesFor.passScore}分，总分{rulesFor.totalScore}分。
                </p>
                <ol className={s.rules}>
                  {RULES_TEXT.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ol>
                <Checkbox
                  label={text(T.agree)}
                  checked={agreed}
                  onChange={(_e, d) => setAgreed(!!d.checked)}
                />
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setRulesFor(null)}>{text(T.cancel)}</Button>
                <Button
                  appearance="primary"
                  disabled={!agreed}
                  onClick={() => {
                    const id = rulesFor.id
                    setRulesFor(null)
                    void enter(id)
                  }}
                >
                  {text(T.start)}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </section>
  )
}

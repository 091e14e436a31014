import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons'
import { homeApi, type MyWeek } from '../../shared/api/home'
import { addDays, localToday } from '../../shared/resources/lab/time'
import { quietCall } from '../shell/request'
import { useHomeStyles } from './styles'
import { KIND_NAMES, WeekGrid } from './WeekGrid'

const useStyles = makeStyles({
  switcher: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  exam: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    cursor: 'pointer',
  },
  examTitle: { flex: 1 },
})

const weekTitle = (w: MyWeek) =>
  `${w.week ? `第${w.week}周 · ` : ''}${w.weekStart.slice(5)} 至 ${addDays(w.weekStart, 6).slice(5)}`

/**
 * 本周课表 (teacher) / 本周安排 (student): `home-page/my-week` as a grid with 上一周 / 本周 / 下一周; for
 * a student also 待参加的考试 (the next published exams, whatever the week shown).
 */
export function MyWeekCard({ title, exams }: { title: string; exams: boolean }) {
  const s = useStyles()
  const h = useHomeStyles()
  const navigate = useNavigate()
  const [date, setDate] = useState(localToday)
  const [week, setWeek] = useState<MyWeek | null>(null)
  const [failed, setFailed] = useState(false)
  const [upcoming, setUpcoming] = useState<MyWeek['upcomingExams'] | null>(null)
  useEffect(() => {
    let live = true
    setFailed(false)
    void quietCall(homeApi.myWeek, { query: { date } })
      .then((w) => {
        if (!live) return
        setWeek(w)
        setUpcoming((u) => u ?? w.upcomingExams)
      })
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [date])
  return (
    <>
      <Card aria-label={title}>
        <CardHeader
          header={
            <Text weight="semibold">
              {title}
              {week ? <span className={h.muted}>　{weekTitle(week)}</span> : null}
            </Text>
          }
          action={
            <div className={s.switcher}>
              <Button
                size="small"
                appearance="subtle"
                icon={<ChevronLeft20Regular />}
                aria-label="上一周"
                onClick={() => setDate((d) => addDays(d, -7))}
              />
              <Button size="small" appearance="subtle" onClick={() => setDate(localToday())}>
                本周
              </Button>
              <Button
                size="small"
                appearance="subtle"
                icon={<ChevronRight20Regular />}
                aria-label="下一周"
                onClick={() => setDate((d) => addDays(d, 7))}
              />
            </div>
          }
        />
        {failed ? (
          <div className={h.empty}>暂无数据</div>
        ) : week === null ? (
          <div className={h.empty}>加载中…</div>
        ) : (
          <>
            <WeekGrid week={week} label={title} />
            {week.items.length === 0 ? <div className={h.muted}>本周没有安排</div> : null}
          </>
        )}
      </Card>
      {exams ? (
        <Card aria-label="待参加的考试">
          <CardHeader header={<Text weight="semibold">待参加的考试</Text>} />
          {upcoming === null ? (
            <div className={h.empty}>加载中…</div>
          ) : upcoming.length === 0 ? (
            <div className={h.empty}>暂无待参加的考试</div>
          ) : (
            upcoming.map((e, i) => (
              <div key={i} className={s.exam} role="link" tabIndex={0} onClick={() => navigate(e.link)}>
                <span className={s.examTitle}>{e.title}</span>
                <span className={h.muted}>
                  {e.date} {e.startTime}
                  {e.endTime !== '24:00' ? `-${e.endTime}` : ''} · {KIND_NAMES[e.kind]}
                </span>
              </div>
            ))
          )}
        </Card>
      ) : null}
    </>
  )
}

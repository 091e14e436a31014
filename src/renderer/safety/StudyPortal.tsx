import { Badge, Button, Card, Link, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import {
  safetyLearningApi,
  safetyPlanApi,
  type HomeParam,
  type PlanView,
  type StudySummary,
} from '../../shared/api/safety'
import { useText } from '../i18n'
import { quietCall } from '../shell/request'
import { useTabs } from '../shell/tabs'
import { filePathOf, paragraphsOf, Reader, type ReaderItem } from './Reader'
import { T } from './texts'

const useStyles = makeStyles({
  page: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    height: '100%',
    boxSizing: 'border-box',
    overflow: 'auto',
  },
  layout: {
    display: 'grid',
    gridTemplateColumns: '1fr 280px',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  blocks: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  block: {
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  item: {
    padding: tokens.spacingHorizontalM,
    cursor: 'pointer',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  list: {
    margin: 0,
    paddingLeft: '18px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  banner: { width: '100%', maxHeight: '220px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  mine: {
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    position: 'sticky',
    top: 0,
  },
  big: {
    fontSize: tokens.fontSizeHero800,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
  },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
})

type Block = Pick<
  HomeParam,
  'id' | 'blockType' | 'title' | 'imageId' | 'content' | 'showCount' | 'linkType' | 'linkId'
>

/** The blocks shown when 首页参数 has none enabled: 考试通知, 课程, 手册, 知识, 我的考试. */
export const DEFAULT_BLOCKS: Block[] = [
  [2, '考试通知'],
  [3, '安全课程'],
  [4, '安全手册'],
  [5, '安全知识'],
  [6, '我的考试'],
].map(([blockType, title]) => ({
  id: `default-${blockType}`,
  blockType: blockType as number,
  title: title as string,
  showCount: 6,
  imageId: null,
  content: null,
  linkType: null,
  linkId: null,
}))

type Row = Record<string, unknown>

function Banner({ block }: { block: Block }) {
  const s = useStyles()
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const path = block.imageId ? filePathOf(String(block.imageId)) : null
    if (!path) return
    let live = true
    let made: string | null = null
    void window.api.files
      .read({ path })
      .then((bytes) => {
        if (!live) return
        made = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>]))
        setUrl(made)
      })
      .catch(() => undefined)
    return () => {
      live = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [block.imageId])
  return url ? (
    <img className={s.banner} src={url} alt={String(block.title ?? '')} />
  ) : (
    <Text>{block.title}</Text>
  )
}

/** One block of the portal: its rows (newest or by sort), a click opens the reader or the exam list. */
function PortalBlock({ block, onOpen }: { block: Block; onOpen: (item: ReaderItem) => void }) {
  const s = useStyles()
  const text = useText()
  const navigate = useNavigate()
  const [rows, setRows] = useState<Row[] | null>(null)
  const size = Number(block.showCount ?? 6) || 6
  const type = Number(block.blockType)
  useEffect(() => {
    let live = true
    const got = (r: Row[]) => live && setRows(r)
    const fail = () => live && setRows([])
    const q = { current: 1, size }
    if (type === 2)
      void quietCall(safetyLearningApi.notice.page, { query: { ...q, descs: 'is_top,publish_time' } }).then(
        (p) => got(p.records as unknown as Row[]),
        fail,
      )
    else if (type === 3)
      void quietCall(safetyLearningApi.course.page, { query: { ...q, ascs: 'sort' } }).then(
        (p) => got(p.records as unknown as Row[]),
        fail,
      )
    else if (type === 4)
      void quietCall(safetyLearningApi.manual.page, { query: { ...q, ascs: 'sort' } }).then(
        (p) => got(p.records as unknown as Row[]),
        fail,
      )
    else if (type === 5)
      void quietCall(safetyLearningApi.knowledge.page, { query: { ...q, ascs: 'sort' } }).then(
        (p) => got(p.records as unknown as Row[]),
        fail,
      )
    else if (type === 6)
      void quietCall(safetyPlanApi.plan.page, { query: { ...q, mine: '1' } }).then(
        (p) => got(p.records as unknown as Row[]),
        fail,
      )
    else got([])
    return () => {
      live = false
    }
  }, [type, size])

  const open = async (row: Row) => {
    // Lists omit long text: the reader reads the row's detail.
    const detail = (endpoint: typeof safetyLearningApi.course.detail) =>
      quietCall(endpoint, { query: { id: String(row.id) } }) as unknown as Promise<Row>
    if (type === 2) {
      const d = await detail(safetyLearningApi.notice.detail as never)
      onOpen({
        resourceType: 0,
        id: String(row.id),
        title: String(d.title),
        content: String(d.content ?? ''),
      })
    } else if (type === 3) {
      const d = await detail(safetyLearningApi.course.detail)
      const material = String(d.attachIds ?? '')
        .split(',')
        .find((x) => /\.(pdf|mp4)(\?|$)/i.test(x))
      onOpen({
        resourceType: 1,
        id: String(row.id),
        title: String(d.title),
        content: String(d.content ?? ''),
        fileLink: material ?? null,
      })
    } else if (type === 4) {
      const d = await detail(safetyLearningApi.manual.detail as never)
      onOpen({
        resourceType: 2,
        id: String(row.id),
        title: String(d.title),
        content: String(d.summary ?? ''),
        fileLink: String(d.fileId ?? '') || null,
      })
    } else if (type === 5) {
      const d = await detail(safetyLearningApi.knowledge.detail as never)
      onOpen({
        resourceType: 3,
        id: String(row.id),
        title: String(d.title),
        content: String(d.content ?? ''),
      })
    }
  }

  const goExams = () => {
    useTabs.getState().open({ label: '在线考试', path: '/safety/myExam' })
    navigate('/safety/myExam')
  }

  return (
    <Card className={s.block} role="region" aria-label={String(block.title)}>
      {type !== 1 ? (
        <Text as="h3" size={400} weight="semibold">
          {block.title}
        </Text>
      ) : null}
      {type === 1 ? <Banner block={block} /> : null}
      {type === 7 ? paragraphsOf(String(block.content ?? '')).map((p, i) => <Text key={i}>{p}</Text>) : null}
      {rows === null && type >= 2 && type <= 6 ? <Spinner size="tiny" /> : null}
      {rows?.length === 0 ? <Text className={s.muted}>{text(T.empty)}</Text> : null}
      {type === 3 && rows?.length ? (
        <div className={s.cards}>
          {rows.map((r) => (
            <Card
              key={String(r.id)}
              className={s.item}
              onClick={() => void open(r)}
              role="button"
              aria-label={String(r.title)}
            >
              <Text weight="semibold">{String(r.title)}</Text>
              <Text className={s.muted}>{String(r.summary ?? '')}</Text>
              <Text size={200}>要求学习 {String(r.studyMinutes ?? '')} 分钟</Text>
            </Card>
          ))}
        </div>
      ) : null}
      {(type === 2 || type === 4 || type === 5) && rows?.length ? (
        <ul className={s.list}>
          {rows.map((r) => (
            <li key={String(r.id)}>
              <Link onClick={() => void open(r)}>{String(r.title)}</Link>
              {type === 2 && Number(r.isTop) === 1 ? <Badge size="small">置顶</Badge> : null}
              {type === 2 ? <span className={s.muted}>　{String(r.publishTime ?? '')}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {type === 6 && rows?.length ? (
        <ul className={s.list}>
          {(rows as unknown as PlanView[]).map((p) => (
            <li key={p.id}>
              {p.planName}　
              <span className={s.muted}>
                {p.startTime} 至 {p.endTime}　{p.phase}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {type === 6 ? (
        <div>
          <Button size="small" appearance="primary" onClick={goExams}>
            去考试
          </Button>
        </div>
      ) : null}
    </Card>
  )
}

/** 安全学习: the portal built from 首页参数 blocks (default order when none), the reader, 我的学习. */
export default function StudyPortal({ preview }: { preview?: Block[] }) {
  const s = useStyles()
  const text = useText()
  const [blocks, setBlocks] = useState<Block[] | null>(preview ?? null)
  const [reading, setReading] = useState<ReaderItem | null>(null)
  const [mine, setMine] = useState<StudySummary | null>(null)
  useEffect(() => {
    if (preview) {
      setBlocks(preview.length ? preview : DEFAULT_BLOCKS)
      return
    }
    void quietCall(safetyLearningApi.homeParam.list, {
      query: { status_equal: '1', ascs: 'sort', current: 1, size: 50 },
    })
      .then((page) => {
        const rows = (Array.isArray(page) ? page : page.records) as Block[]
        setBlocks(rows.length ? rows : DEFAULT_BLOCKS)
      })
      .catch(() => setBlocks(DEFAULT_BLOCKS))
  }, [preview])
  useEffect(() => {
    void quietCall(safetyLearningApi.studyRecord.submit, { body: { resourceType: 1, seconds: 0 } })
      .then((a) => setMine(a.mine))
      .catch(() => undefined)
  }, [])
  return (
    <section className={s.page} aria-label="安全学习">
      <div className={s.layout}>
        <div className={s.blocks}>
          {reading ? (
            <Reader item={reading} onBack={() => setReading(null)} onStudied={setMine} />
          ) : blocks === null ? (
            <Spinner size="small" />
          ) : (
            blocks.map((b) => <PortalBlock key={b.id} block={b} onOpen={setReading} />)
          )}
        </div>
        <Card className={s.mine} role="region" aria-label={text(T.myStudy)}>
          <Text as="h3" size={400} weight="semibold">
            {text(T.myStudy)}
          </Text>
          <Text>{text(T.minutes)}</Text>
          <span className={s.big}>{mine?.minutes ?? 0}</span>
          <Text>
            {text(T.finishedCourses)}：{mine?.finishedCourses ?? 0} / {mine?.courseCount ?? 0}
          </Text>
        </Card>
      </div>
    </section>
  )
}

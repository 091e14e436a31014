import {
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowLeftRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { safetyLearningApi, type StudySummary } from '../../shared/api/safety'
import { useText } from '../i18n'
import { quietCall } from '../shell/request'
import { filePathOf } from '../components/server-files'
import { T } from './texts'

const useStyles = makeStyles({
  reader: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    height: '100%',
    minHeight: 0,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  body: { flex: 1, minHeight: 0, overflow: 'auto', lineHeight: '1.8', fontSize: tokens.fontSizeBase400 },
  frame: { width: '100%', height: '100%', minHeight: '70vh', border: 'none' },
  video: { maxWidth: '100%', maxHeight: '70vh' },
  muted: { color: tokens.colorNeutralForeground3 },
})

export type ReaderItem = {
  resourceType: 1 | 2 | 3 | 0
  id: string
  title: string
  /** Rich text (courses, knowledge, notices). */
  content?: string | null
  /** A PDF or MP4 of the server (a manual, a course's material), read through main. */
  fileLink?: string | null
}

export { filePathOf }

/** Rich text as paragraphs of plain text (the content stays text; no markup runs in the app). */
export function paragraphsOf(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const blocks = [...doc.body.querySelectorAll('p, li, h1, h2, h3, h4, div')].filter(
    (el) => !el.querySelector('p, li, div'),
  )
  const texts = (blocks.length ? blocks : [doc.body])
    .map((el) => el.textContent?.trim() ?? '')
    .filter(Boolean)
  return texts
}

const HEARTBEAT_MS = 60_000

/**
 * A learning resource open for study: rich text, a PDF or an MP4 (bytes read by main, shown from a
 * blob: URL). While the reader is visible it sends a heartbeat every 60 s; the server credits at most
 * a minute a minute across all readers.
 */
export function Reader({
  item,
  onBack,
  onStudied,
}: {
  item: ReaderItem
  onBack: () => void
  onStudied?: (mine: StudySummary) => void
}) {
  const s = useStyles()
  const text = useText()
  const [url, setUrl] = useState<string | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const link = item.fileLink ?? null
  const isVideo = !!link && /\.mp4(\?|$)/i.test(link)

  useEffect(() => {
    if (!link) return
    const path = filePathOf(link)
    if (!path) {
      setFileError('文件地址不正确')
      return
    }
    let live = true
    let made: string | null = null
    window.api.files
      .read({ path })
      .then((bytes) => {
        if (!live) return
        made = URL.createObjectURL(
          new Blob([bytes as Uint8Array<ArrayBuffer>], { type: isVideo ? 'video/mp4' : 'application/pdf' }),
        )
        setUrl(made)
      })
      .catch((e: { message?: string }) => live && setFileError(e?.message ?? '文件读取失败'))
    return () => {
      live = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [link, isVideo])

  // Heartbeats while visible: one on open (the server starts the clock), then every minute.
  useEffect(() => {
    if (!item.resourceType) return
    const beat = (seconds: number) =>
      void quietCall(safetyLearningApi.studyRecord.submit, {
        body: { resourceType: item.resourceType, resourceId: item.id, seconds },
      })
        .then((a) => onStudied?.(a.mine))
        .catch(() => undefined)
    beat(0)
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') beat(60)
    }, HEARTBEAT_MS)
    return () => clearInterval(timer)
    // one reader, one resource
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item.id, item.resourceType])

  return (
    <article className={s.reader} aria-label={item.title}>
      <div className={s.head}>
        <Button icon={<ArrowLeftRegular />} onClick={onBack}>
          {text(T.back)}
        </Button>
        <Text as="h2" size={500} weight="semibold">
          {item.title}
        </Text>
      </div>
      {item.resourceType ? (
        <MessageBar intent="info">
          <MessageBarBody>{text(T.studying)}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={s.body}>
        {item.content ? paragraphsOf(item.content).map((p, i) => <p key={i}>{p}</p>) : null}
        {link ? (
          fileError ? (
            <Text className={s.muted}>{fileError}</Text>
          ) : !url ? (
            <Spinner size="small" />
          ) : isVideo ? (
            <video className={s.video} src={url} controls aria-label={item.title} />
          ) : (
            <iframe className={s.frame} src={url} title={item.title} />
          )
        ) : null}
      </div>
    </article>
  )
}

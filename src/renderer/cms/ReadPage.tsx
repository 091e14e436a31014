import { makeStyles, Spinner, Text, Title2, tokens } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import { cmsArticleApi, type CmsArticle } from '../../shared/api/cms'
import { AttachmentList } from '../components/Attachments'
import { RichTextView } from '../components/rich-text/RichTextView'
import { errorMessage, quietCall } from '../shell/request'

const useStyles = makeStyles({
  page: {
    maxWidth: '880px',
    margin: '0 auto',
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  meta: { color: tokens.colorNeutralForeground3 },
})

/** 阅读文章 (`/cms/read/:id`): one published article for any signed-in user; its HTML sanitised again. */
export default function ReadPage() {
  const s = useStyles()
  const { id } = useParams()
  const [article, setArticle] = useState<CmsArticle | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!id) return
    quietCall(cmsArticleApi.detail, { query: { id } }).then(setArticle, (e) => setError(errorMessage(e)))
  }, [id])
  if (error) return <Text>{error}</Text>
  if (!article) return <Spinner />
  return (
    <article className={s.page}>
      <Title2>{article.title}</Title2>
      <Text className={s.meta}>
        {[
          article.categoryName,
          article.author,
          article.source,
          String(article.publishTime ?? ''),
          `阅读 ${article.viewCount ?? 0}`,
        ]
          .filter(Boolean)
          .join('　')}
      </Text>
      {article.linkUrl && (
        <Text>
          外部链接：
          <a
            href={article.linkUrl}
            onClick={(e) => (e.preventDefault(), void window.api.shell.openExternal(article.linkUrl!))}
          >
            {article.linkUrl}
          </a>
        </Text>
      )}
      <RichTextView html={article.content} />
      {article.attachments?.length ? (
        <>
          <Text weight="semibold">附件</Text>
          <AttachmentList attachments={article.attachments} />
        </>
      ) : null}
    </article>
  )
}

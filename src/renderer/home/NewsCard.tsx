import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Badge, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components'
import { cmsArticleApi, type CmsArticle } from '../../shared/api/cms'
import { quietCall } from '../shell/request'
import { useHomeStyles } from './styles'

const useStyles = makeStyles({
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    cursor: 'pointer',
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  title: { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
})

/** 资讯: the latest published articles with their category; a click opens 阅读文章. */
export function NewsCard() {
  const s = useStyles()
  const h = useHomeStyles()
  const navigate = useNavigate()
  const [articles, setArticles] = useState<CmsArticle[] | null>(null)
  useEffect(() => {
    void quietCall(cmsArticleApi.page, { query: { current: 1, size: 6, descs: 'publish_time' } })
      .then((page) => setArticles(page.records))
      .catch(() => setArticles([]))
  }, [])
  return (
    <Card aria-label="资讯">
      <CardHeader header={<Text weight="semibold">资讯</Text>} />
      {articles === null ? (
        <div className={h.empty}>加载中…</div>
      ) : articles.length === 0 ? (
        <div className={h.empty}>暂无资讯</div>
      ) : (
        articles.map((a) => (
          <div
            key={a.id}
            className={s.row}
            role="link"
            tabIndex={0}
            onClick={() => navigate(`/cms/read/${a.id}`)}
          >
            {a.categoryName ? (
              <Badge appearance="tint" size="small">
                {a.categoryName}
              </Badge>
            ) : null}
            <span className={s.title}>{a.title}</span>
            <span className={h.muted}>{String(a.publishTime ?? '').slice(0, 10)}</span>
          </div>
        ))
      )}
    </Card>
  )
}

import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { cmsArticleApi, type CmsBanner } from '../../shared/api/cms'
import { quietCall } from '../shell/request'

const useStyles = makeStyles({
  banner: {
    position: 'relative',
    minHeight: '72px',
    padding: '20px 28px',
    borderRadius: tokens.borderRadiusXLarge,
    background: `linear-gradient(100deg, ${tokens.colorPaletteBlueBackground2}, ${tokens.colorBrandBackground2})`,
    boxShadow: tokens.shadow4,
    cursor: 'pointer',
  },
  title: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  summary: { marginTop: '6px', color: tokens.colorNeutralForeground2 },
  dots: { position: 'absolute', right: '16px', bottom: '10px', display: 'flex', gap: '4px' },
  dot: { minWidth: '10px', width: '10px', height: '10px', padding: 0, borderRadius: '50%' },
})

const INTERVAL_MS = 6000

/**
 * The carousel of published banner articles (`cms/article/bannerList`): title and summary over the
 * theme's colours, one every six seconds, a click opens 阅读文章. Covers are not drawn here: the
 * renderer's CSP loads no server images (docs/domain/portal.md). Nothing shows without banners.
 */
export function Banners() {
  const s = useStyles()
  const navigate = useNavigate()
  const [banners, setBanners] = useState<CmsBanner[]>([])
  const [index, setIndex] = useState(0)
  useEffect(() => {
    void quietCall(cmsArticleApi.bannerList, { query: {} })
      .then((rows) => setBanners(rows ?? []))
      .catch(() => setBanners([]))
  }, [])
  useEffect(() => {
    if (banners.length < 2) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % banners.length), INTERVAL_MS)
    return () => clearInterval(timer)
  }, [banners.length])
  if (!banners.length) return null
  const shown = banners[index % banners.length]
  return (
    <section aria-label="轮播">
      <div className={s.banner} role="link" tabIndex={0} onClick={() => navigate(`/cms/read/${shown.id}`)}>
        <h2 className={s.title}>{shown.title}</h2>
        {shown.summary ? <div className={s.summary}>{shown.summary}</div> : null}
        {banners.length > 1 ? (
          <div className={s.dots} onClick={(e) => e.stopPropagation()}>
            {banners.map((b, i) => (
              <Button
                key={b.id}
                className={s.dot}
                size="small"
                appearance={i === index % banners.length ? 'primary' : 'secondary'}
                aria-label={b.title}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        ) : null}
      </div>
    </section>
  )
}

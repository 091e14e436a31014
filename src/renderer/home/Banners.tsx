import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { cmsArticleApi, type CmsBanner } from '../../shared/api/cms'
import { quietCall } from '../shell/request'
import { HOME_PATH, useTabs } from '../shell/tabs'
import { useServerImage } from '../components/server-files'

const useStyles = makeStyles({
  banner: {
    position: 'relative',
    minHeight: '72px',
    padding: '20px 28px',
    borderRadius: tokens.borderRadiusXLarge,
    background: `linear-gradient(100deg, ${tokens.colorPaletteBlueBackground2}, ${tokens.colorBrandBackground2})`,
    boxShadow: tokens.shadow4,
    cursor: 'pointer',
    display: 'flex',
    alignItems: 'center',
    gap: '20px',
  },
  cover: {
    width: '160px',
    height: '90px',
    flexShrink: 0,
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
  },
  title: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  summary: { marginTop: '6px', color: tokens.colorNeutralForeground2 },
  dots: { position: 'absolute', right: '16px', bottom: '10px', display: 'flex', gap: '4px' },
  dot: { minWidth: '10px', width: '10px', height: '10px', padding: 0, borderRadius: '50%' },
})

const INTERVAL_MS = 6000

/** A banner's cover, read by main and shown from a `blob:` URL (the CSP loads no server images). */
function Cover({ link, alt }: { link: string; alt: string }) {
  const s = useStyles()
  const url = useServerImage(link)
  return url ? <img className={s.cover} src={url} alt={alt} /> : null
}

/**
 * The carousel of published banner articles (`cms/article/bannerList`): cover, title and summary over
 * the theme's colours, one every six seconds, a click opens 阅读文章. The list is read again each
 * time the 首页 tab comes back to the front, so a banner published or taken down meanwhile shows or
 * goes. Nothing shows without banners.
 */
export function Banners() {
  const s = useStyles()
  const navigate = useNavigate()
  const [banners, setBanners] = useState<CmsBanner[]>([])
  const [index, setIndex] = useState(0)
  const inFront = useTabs((t) => t.active === HOME_PATH)
  useEffect(() => {
    if (!inFront) return
    let live = true
    void quietCall(cmsArticleApi.bannerList, { query: {} })
      .then((rows) => live && setBanners(rows ?? []))
      .catch(() => live && setBanners([]))
    return () => {
      live = false
    }
  }, [inFront])
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
        {shown.cover ? <Cover key={shown.cover} link={shown.cover} alt={shown.title} /> : null}
        <div>
          <h2 className={s.title}>{shown.title}</h2>
          {shown.summary ? <div className={s.summary}>{shown.summary}</div> : null}
        </div>
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

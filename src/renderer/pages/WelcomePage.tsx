import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Avatar, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ChevronRight16Regular, MegaphoneLoud20Regular } from '@fluentui/react-icons'
import { useLanguage, useT } from '../i18n'
import { filterByRoles, flattenMenu, menuLabel, menuTarget, useMenu } from '../shell/menu'
import { loadNotices, type Notice } from '../shell/notices'
import { useSession, useUser, userRoles } from '../shell/session'
import { useRoleNames } from '../shell/roleNames'
import { menuIcon } from '../layout/menuIcons'
import { Banners } from '../home/Banners'
import { MyWeekCard } from '../home/MyWeekCard'
import { NewsCard } from '../home/NewsCard'
import { OfficeStatistics } from '../home/OfficeStatistics'
import { homeRole, plainHome } from '../home/roles'
import { TodoCard } from '../home/TodoCard'

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '1400px' },
  hero: {
    display: 'flex',
    alignItems: 'center',
    gap: '20px',
    padding: '24px 28px',
    borderRadius: tokens.borderRadiusXLarge,
    color: '#fff',
    background: `linear-gradient(120deg, ${tokens.colorBrandBackgroundPressed} 0%, ${tokens.colorBrandBackground} 70%, ${tokens.colorBrandBackgroundHover} 100%)`,
    boxShadow: tokens.shadow4,
  },
  greeting: { fontSize: '22px', fontWeight: 600, margin: 0 },
  facts: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '8px 24px',
    marginTop: '8px',
    opacity: 0.9,
    fontSize: '13px',
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(280px, 1fr)',
    gap: '16px',
    '@media (max-width: 992px)': { gridTemplateColumns: '1fr' },
  },
  links: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: '12px',
    padding: '4px 0',
  },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    padding: '14px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    background: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
    font: 'inherit',
    textAlign: 'left',
    ':hover': {
      border: `1px solid ${tokens.colorBrandStroke1}`,
      color: tokens.colorBrandForeground1,
      boxShadow: tokens.shadow4,
    },
  },
  linkIcon: {
    width: '36px',
    height: '36px',
    borderRadius: '10px',
    display: 'grid',
    placeItems: 'center',
    flexShrink: 0,
    background: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  linkText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  linkTrail: {
    fontSize: '12px',
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  notice: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    width: '100%',
    padding: '10px 0',
    border: 'none',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    background: 'transparent',
    color: tokens.colorNeutralForeground1,
    font: 'inherit',
    textAlign: 'left',
    cursor: 'pointer',
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  noticeTitle: { flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: '13px' },
  empty: { padding: '24px 0', textAlign: 'center', color: tokens.colorNeutralForeground3 },
})

function greetingKey(hour: number) {
  if (hour < 12) return 'wel.greetingMorning' as const
  if (hour < 18) return 'wel.greetingAfternoon' as const
  return 'wel.greetingEvening' as const
}

/**
 * 首页 (/wel/index): who is signed in, the banners, the widgets of the user's role (the lab office's
 * statistics, a teacher's or student's week, 我的待办, exams), the user's own functions, the latest
 * notices and 资讯 (src/renderer/home).
 */
export function WelcomePage() {
  const t = useT()
  const styles = useStyles()
  const navigate = useNavigate()
  const user = useUser()
  const roleNames = useRoleNames()
  const session = useSession((s) => s.state)
  const allMenu = useMenu((s) => s.allMenu)
  const language = useLanguage((s) => s.language)
  const [notices, setNotices] = useState<Notice[] | null>(null)

  useEffect(() => {
    void loadNotices(8).then(setNotices)
  }, [])

  const name = user?.realName || user?.nickName || user?.account || ''
  // Each link wears the icon of its top-level group.
  const links = filterByRoles(allMenu, userRoles(user?.roleName))
    .flatMap((root) => flattenMenu([root]).map((leaf) => ({ ...leaf, root })))
    .filter(({ node }) => node.path !== '/wel/index')
    .slice(0, 12)
  const now = new Date()
  const role = homeRole(userRoles(user?.roleName))

  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <Avatar
          size={64}
          name={name}
          image={user?.avatar ? { src: user.avatar } : undefined}
          color="neutral"
        />
        <div>
          <h1 className={styles.greeting}>
            {t(greetingKey(now.getHours()))}，{name}
          </h1>
          <div className={styles.facts}>
            <span>
              {t('wel.role')}：{roleNames || '-'}
            </span>
            <span>
              {t('wel.tenant')}：{user?.tenantId || '-'}
            </span>
            <span>
              {t('wel.account')}：{user?.account || '-'}
            </span>
            <span>
              {t('wel.today')} {now.toLocaleDateString('zh-CN', { dateStyle: 'full' })}
            </span>
            {session && !session.embedded ? <span>{session.serverUrl}</span> : null}
          </div>
        </div>
      </section>
      <Banners />
      {role === 'office' ? (
        <>
          {plainHome() ? null : <OfficeStatistics />}
          <TodoCard />
        </>
      ) : role === 'teacher' ? (
        <div className={styles.grid}>
          <MyWeekCard title="本周课表" exams={false} />
          <TodoCard />
        </div>
      ) : role === 'student' ? (
        <MyWeekCard title="本周安排" exams />
      ) : null}
      <div className={styles.grid}>
        <Card>
          <CardHeader header={<Text weight="semibold">{t('wel.quickLinks')}</Text>} />
          {links.length === 0 ? (
            <div className={styles.empty}>{t('wel.noLinks')}</div>
          ) : (
            <div className={styles.links}>
              {links.map(({ node, trail, root }) => (
                <button
                  key={node.id}
                  type="button"
                  className={styles.link}
                  onClick={() => menuTarget(node) && navigate(menuTarget(node)!)}
                >
                  <span className={styles.linkIcon}>{menuIcon(root.path ? node : root, 0)}</span>
                  <span className={styles.linkText}>
                    <span>{menuLabel(node, language)}</span>
                    <span className={styles.linkTrail}>
                      {trail.map((n) => menuLabel(n, language)).join(' / ')}
                    </span>
                  </span>
                </button>
              ))}
            </div>
          )}
        </Card>
        <Card aria-label={t('wel.notices')} data-state={notices === null ? 'loading' : 'ready'}>
          <CardHeader header={<Text weight="semibold">{t('wel.notices')}</Text>} />
          {notices === null ? (
            <div className={styles.empty}>{t('common.loading')}</div>
          ) : notices.length === 0 ? (
            <div className={styles.empty}>{t('wel.noNotices')}</div>
          ) : (
            notices.map((notice) => (
              <button
                key={notice.id}
                type="button"
                className={styles.notice}
                onClick={() => navigate('/desk/notice')}
              >
                <MegaphoneLoud20Regular />
                <span className={styles.noticeTitle}>{notice.title}</span>
                <span className={styles.muted}>
                  {(notice.releaseTime || notice.createTime || '').slice(0, 10)}
                </span>
                <ChevronRight16Regular />
              </button>
            ))
          )}
        </Card>
      </div>
      <NewsCard />
    </div>
  )
}

import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import {
  Button,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Alert20Regular, MailInbox24Regular } from '@fluentui/react-icons'
import { useT } from '../../i18n'
import { BadgeButton } from './BadgeButton'
import { loadNotices, type Notice } from '../../shell/notices'

const useStyles = makeStyles({
  surface: { width: '340px', padding: '8px 0' },
  list: { maxHeight: '320px', overflowY: 'auto' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: '10px 16px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  time: { fontSize: '12px', color: tokens.colorNeutralForeground3 },
  empty: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '8px',
    padding: '32px',
    color: tokens.colorNeutralForeground3,
  },
  footer: { display: 'flex', justifyContent: 'center', paddingTop: '6px' },
})

type Kind = 'mail' | 'message' | 'notice'

/** Notifications: a badge (max 99) and tabs mail / message / notice, loaded one second after start. */
export function Notices({ className }: { className?: string }) {
  const t = useT()
  const styles = useStyles()
  const navigate = useNavigate()
  const [kind, setKind] = useState<Kind>('notice')
  const [notices, setNotices] = useState<Notice[]>([])

  useEffect(() => {
    const timer = setTimeout(() => {
      void loadNotices(10).then(setNotices)
    }, 1000)
    return () => clearTimeout(timer)
  }, [])

  const items: Notice[] = kind === 'notice' ? notices : []
  return (
    <Popover withArrow positioning="below-end">
      <PopoverTrigger disableButtonEnhancement>
        <BadgeButton
          label={t('nav.notices')}
          className={className}
          count={notices.length}
          icon={<Alert20Regular />}
        />
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={t('nav.notices')}>
        <TabList
          selectedValue={kind}
          onTabSelect={(_, d) => setKind(d.value as Kind)}
          style={{ padding: '0 8px' }}
        >
          <Tab value="mail">{t('notice.mail')}</Tab>
          <Tab value="message">{t('notice.message')}</Tab>
          <Tab value="notice">{`${t('notice.notice')}${notices.length ? ` (${Math.min(notices.length, 99)})` : ''}`}</Tab>
        </TabList>
        <div className={styles.list}>
          {items.length === 0 ? (
            <div className={styles.empty}>
              <MailInbox24Regular />
              {t('notice.empty')}
            </div>
          ) : (
            items.map((notice) => (
              <div key={notice.id} className={styles.item}>
                <span>{notice.title}</span>
                <span className={styles.time}>{notice.releaseTime || notice.createTime}</span>
              </div>
            ))
          )}
        </div>
        {kind === 'notice' && items.length ? (
          <div className={styles.footer}>
            <Button appearance="transparent" size="small" onClick={() => navigate('/desk/notice')}>
              {t('notice.more')}
            </Button>
          </div>
        ) : null}
      </PopoverSurface>
    </Popover>
  )
}

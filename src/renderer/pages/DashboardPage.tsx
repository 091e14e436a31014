import { Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useT, type MessageKey } from '../i18n'
import { useErrorLog } from '../shell/errorLog'
import { flattenMenu, useMenu } from '../shell/menu'
import { usePermissionStore } from '../shell/permission'
import { useSession } from '../shell/session'
import { useTabs } from '../shell/tabs'
import { useRoleNames } from '../shell/roleNames'

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '1400px' },
  stats: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: '16px' },
  stat: { padding: '20px' },
  value: { fontSize: '32px', fontWeight: 600, color: tokens.colorBrandForeground1, lineHeight: 1.2 },
  label: { color: tokens.colorNeutralForeground3 },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '10px 24px', padding: '4px 0 8px' },
  key: { color: tokens.colorNeutralForeground3 },
})

/** The console (/wel/dashboard): the session and what this user can reach. */
export function DashboardPage() {
  const t = useT()
  const styles = useStyles()
  const session = useSession((s) => s.state)
  const menuCount = flattenMenu(useMenu((s) => s.allMenu)).length
  const buttonCount = Object.keys(usePermissionStore((s) => s.permission)).length
  const tabCount = useTabs((s) => s.tabs.length)
  const errorCount = useErrorLog((s) => s.entries.length)
  const user = session?.user
  const roleNames = useRoleNames()

  const stats: [MessageKey, number][] = [
    ['dash.menus', menuCount],
    ['dash.buttons', buttonCount],
    ['dash.tabs', tabCount],
    ['dash.errors', errorCount],
  ]
  const facts: [MessageKey, string][] = [
    ['wel.account', user?.account ?? '-'],
    ['wel.role', roleNames || '-'],
    ['wel.tenant', user?.tenantId ?? '-'],
    [
      'dash.server',
      session
        ? session.embedded
          ? `${t('server.embedded')} · ${session.serverUrl}`
          : session.serverUrl
        : '-',
    ],
    ['dash.vault', session ? t(`dash.vault.${session.vault}`) : '-'],
  ]

  return (
    <div className={styles.page}>
      <div className={styles.stats}>
        {stats.map(([key, value]) => (
          <Card key={key} className={styles.stat}>
            <div className={styles.value}>{value}</div>
            <div className={styles.label}>{t(key)}</div>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader header={<Text weight="semibold">{t('dash.session')}</Text>} />
        <div className={styles.facts}>
          {facts.map(([key, value]) => (
            <div key={key} style={{ display: 'contents' }}>
              <span className={styles.key}>{t(key)}</span>
              <span>{value}</span>
            </div>
          ))}
        </div>
      </Card>
    </div>
  )
}

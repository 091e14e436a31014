import { useCallback, useEffect, useState } from 'react'
import {
  Button,
  Card,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowClockwise20Regular, FolderOpen20Regular, Save20Regular } from '@fluentui/react-icons'
import type { BackupList, RestoreRequest } from '../../shared/ipc/api'
import { mayManageBackups } from '../../shared/backup-access'
import { useT } from '../i18n'
import { confirm } from '../shell/confirm'
import { notify } from '../shell/notify'
import { showCallError } from '../shell/request'
import { useSession } from '../shell/session'
import { StatusPage } from './StatusPage'

const useStyles = makeStyles({
  card: { maxWidth: '960px', padding: '16px 24px 24px', gap: '16px' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
  hint: { color: tokens.colorNeutralForeground3 },
  folder: { color: tokens.colorNeutralForeground3, wordBreak: 'break-all', userSelect: 'text' },
  mono: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
})

const pad = (n: number) => String(n).padStart(2, '0')

/** Local time as 2026-12-07 20:30:00. */
export function backupTime(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

export function backupSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/**
 * 备份与恢复 (/backup/index): the embedded server's backups for the platform administrator. Main
 * refuses every call for anyone else; the page says 403 to them too.
 */
export function BackupPage() {
  const t = useT()
  const styles = useStyles()
  const allowed = useSession((s) => mayManageBackups(s.state))
  const [list, setList] = useState<BackupList | null>(null)
  const [busy, setBusy] = useState<'backup' | 'restore' | null>(null)

  const load = useCallback(() => window.api.backup.list().then(setList, showCallError), [])
  useEffect(() => {
    if (allowed) void load()
  }, [allowed, load])

  if (!allowed) return <StatusPage code={403} />

  const backUp = async () => {
    setBusy('backup')
    try {
      await window.api.backup.now()
      notify.success(t('backup.done'))
      await load()
    } catch (e) {
      showCallError(e)
    } finally {
      setBusy(null)
    }
  }

  const restore = async (request: RestoreRequest, time: string) => {
    const message = t('backup.confirm').replace('{time}', backupTime(time))
    if (!(await confirm(message, t('backup.confirmTitle')))) return
    setBusy('restore')
    try {
      // On success main signs out: the app goes to the sign-in page, which says why.
      await window.api.backup.restore(request)
    } catch (e) {
      showCallError(e)
      setBusy(null)
    }
  }

  const restoreFromFile = async () => {
    try {
      const picked = await window.api.backup.pickFile()
      if (picked) await restore({ from: 'file', id: picked.id }, picked.time)
    } catch (e) {
      showCallError(e)
    }
  }

  return (
    <Card className={styles.card}>
      <Text>{t('backup.intro')}</Text>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          icon={<Save20Regular />}
          disabled={busy !== null}
          onClick={() => void backUp()}
        >
          {t('backup.now')}
        </Button>
        <Button
          icon={<ArrowClockwise20Regular />}
          disabled={busy !== null}
          onClick={() => void restoreFromFile()}
        >
          {t('backup.fromFile')}
        </Button>
        <Button
          icon={<FolderOpen20Regular />}
          onClick={() => void window.api.backup.openFolder().catch(showCallError)}
        >
          {t('backup.openFolder')}
        </Button>
        {busy ? (
          <Spinner size="tiny" label={t(busy === 'backup' ? 'backup.working' : 'backup.restoring')} />
        ) : null}
      </div>
      {list ? (
        <Text className={styles.folder}>
          {t('backup.folder')}: {list.folder}
        </Text>
      ) : null}
      <Table aria-label={t('nav.backup')} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('backup.time')}</TableHeaderCell>
            <TableHeaderCell>{t('backup.size')}</TableHeaderCell>
            <TableHeaderCell>{t('backup.file')}</TableHeaderCell>
            <TableHeaderCell>{t('backup.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list?.backups.map((b) => (
            <TableRow key={b.name}>
              <TableCell>{backupTime(b.time)}</TableCell>
              <TableCell>{backupSize(b.bytes)}</TableCell>
              <TableCell className={styles.mono}>{b.name}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  disabled={busy !== null}
                  onClick={() => void restore({ from: 'list', name: b.name }, b.time)}
                >
                  {t('backup.restore')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
          {list && list.backups.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4} className={styles.hint}>
                {t('backup.none')}
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      <Text className={styles.hint}>{t('backup.moveHelp')}</Text>
    </Card>
  )
}

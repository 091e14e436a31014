import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { CloudArrowUp20Regular, Delete20Regular } from '@fluentui/react-icons'
import { useT } from '../../i18n'
import { confirm } from '../../shell/confirm'
import { useErrorLog } from '../../shell/errorLog'
import { notify } from '../../shell/notify'
import { showCallError } from '../../shell/request'

const useStyles = makeStyles({
  scroll: { maxHeight: '60vh', overflow: 'auto' },
  stack: {
    margin: 0,
    maxHeight: '120px',
    overflow: 'auto',
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-all',
    fontSize: '12px',
    color: tokens.colorNeutralForeground3,
  },
  tag: {
    display: 'inline-block',
    padding: '0 6px',
    borderRadius: '4px',
    background: tokens.colorPaletteRedBackground2,
    color: tokens.colorPaletteRedForeground1,
    fontSize: '12px',
  },
  empty: { padding: '32px', textAlign: 'center', color: tokens.colorNeutralForeground3 },
})

/** The local error log: type, url, message, stack and time; upload to the server or clear. */
export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT()
  const styles = useStyles()
  const entries = useErrorLog((s) => s.entries)
  const refresh = useErrorLog((s) => s.refresh)

  const upload = async () => {
    if (!(await confirm(t('errorLog.uploadConfirm')))) return
    try {
      await window.api.errorLog.upload()
      notify.success(t('errorLog.uploaded'))
    } catch (error) {
      showCallError(error)
    }
  }

  const clear = async () => {
    if (!(await confirm(t('errorLog.clearConfirm')))) return
    await window.api.errorLog.clear()
    await refresh()
    notify.success(t('errorLog.cleared'))
  }

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 1000, width: '90vw' }}>
        <DialogBody>
          <DialogTitle>{t('errorLog.title')}</DialogTitle>
          <DialogContent>
            <div style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
              <Button
                appearance="primary"
                icon={<CloudArrowUp20Regular />}
                disabled={!entries.length}
                onClick={() => void upload()}
              >
                {t('errorLog.upload')}
              </Button>
              <Button icon={<Delete20Regular />} disabled={!entries.length} onClick={() => void clear()}>
                {t('errorLog.clear')}
              </Button>
            </div>
            <div className={styles.scroll}>
              {entries.length === 0 ? (
                <div className={styles.empty}>{t('errorLog.empty')}</div>
              ) : (
                <Table size="small" aria-label={t('errorLog.title')}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell style={{ width: 70 }}>{t('errorLog.type')}</TableHeaderCell>
                      <TableHeaderCell style={{ width: 180 }}>{t('errorLog.url')}</TableHeaderCell>
                      <TableHeaderCell style={{ width: 200 }}>{t('errorLog.message')}</TableHeaderCell>
                      <TableHeaderCell>{t('errorLog.stack')}</TableHeaderCell>
                      <TableHeaderCell style={{ width: 160 }}>{t('errorLog.time')}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {entries.map((entry, index) => (
                      <TableRow key={`${entry.time}-${index}`}>
                        <TableCell>
                          <span className={styles.tag}>{entry.type}</span>
                        </TableCell>
                        <TableCell style={{ wordBreak: 'break-all' }}>{entry.url}</TableCell>
                        <TableCell style={{ wordBreak: 'break-all' }}>{entry.message}</TableCell>
                        <TableCell>
                          <pre className={styles.stack}>{entry.stack || entry.info}</pre>
                        </TableCell>
                        <TableCell>
                          {entry.time ? new Date(entry.time).toLocaleString('zh-CN', { hour12: false }) : ''}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

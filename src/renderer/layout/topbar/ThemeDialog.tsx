import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { useT } from '../../i18n'
import { useSettings } from '../../shell/settings'
import { THEME_NAMES, themeLabelKey, themePreview } from '../../theme/themes'

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))', gap: '16px' },
  card: {
    border: `2px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: '6px',
    background: tokens.colorNeutralBackground1,
    cursor: 'pointer',
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
    font: 'inherit',
    color: tokens.colorNeutralForeground1,
  },
  selected: { border: `2px solid ${tokens.colorBrandStroke1}` },
  preview: {
    display: 'grid',
    gridTemplateColumns: '28% 1fr',
    gridTemplateRows: '14px 1fr',
    height: '72px',
    borderRadius: '4px',
    overflow: 'hidden',
  },
})

/** The theme dialog: the 11 themes of spec 2.3 with a thumbnail each. */
export function ThemeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT()
  const styles = useStyles()
  const current = useSettings((s) => s.theme)
  const color = useSettings((s) => s.color)
  const setTheme = useSettings((s) => s.setTheme)
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 720 }}>
        <DialogBody>
          <DialogTitle>{t('nav.themeTitle')}</DialogTitle>
          <DialogContent>
            <div className={styles.grid} role="radiogroup" aria-label={t('nav.theme')}>
              {THEME_NAMES.map((name) => {
                const chrome = themePreview(name, color)
                return (
                  <button
                    key={name}
                    type="button"
                    role="radio"
                    aria-checked={name === current}
                    className={mergeClasses(styles.card, name === current && styles.selected)}
                    onClick={() => setTheme(name)}
                  >
                    <div className={styles.preview}>
                      <div style={{ gridRow: '1 / 3', background: chrome.sidebarBg }} />
                      <div
                        style={{ background: chrome.headerBg, borderBottom: '1px solid rgba(0,0,0,0.06)' }}
                      />
                      <div style={{ background: chrome.contentBg, padding: 6 }}>
                        <div style={{ height: 8, width: '60%', borderRadius: 2, background: color }} />
                      </div>
                    </div>
                    <span>{t(themeLabelKey(name))}</span>
                  </button>
                )
              })}
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('common.ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

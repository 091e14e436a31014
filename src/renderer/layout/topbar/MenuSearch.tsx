import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Dialog, DialogSurface, Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Search20Regular } from '@fluentui/react-icons'
import { useLanguage, useT } from '../../i18n'
import { filterByRoles, menuLabel, menuTarget, searchMenu, useMenu } from '../../shell/menu'
import { useSession, userRoles } from '../../shell/session'

const useStyles = makeStyles({
  surface: { maxWidth: '560px', padding: '16px', alignSelf: 'flex-start', marginTop: '10vh' },
  results: {
    marginTop: '8px',
    maxHeight: '50vh',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
  },
  result: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '2px',
    padding: '8px 12px',
    border: 'none',
    background: 'transparent',
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    textAlign: 'left',
    font: 'inherit',
    color: tokens.colorNeutralForeground1,
    ':hover': { background: tokens.colorNeutralBackground1Hover },
  },
  selected: { background: tokens.colorBrandBackground2 },
  trail: { fontSize: '12px', color: tokens.colorNeutralForeground3 },
  empty: { padding: '16px', color: tokens.colorNeutralForeground3, textAlign: 'center' },
})

/** Menu search (spec 2.3): prefix match on menu names; Esc closes; Enter opens the selection. */
export function MenuSearch({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT()
  const styles = useStyles()
  const navigate = useNavigate()
  const allMenu = useMenu((s) => s.allMenu)
  const language = useLanguage((s) => s.language)
  const roles = userRoles(useSession((s) => s.state?.user?.roleName))
  const [query, setQuery] = useState('')
  const [selected, setSelected] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const results = searchMenu(filterByRoles(allMenu, roles), query).slice(0, 30)

  useEffect(() => {
    if (open) {
      setQuery('')
      setSelected(0)
    }
  }, [open])

  const pick = (index: number) => {
    const target = results[index] && menuTarget(results[index].node)
    if (!target) return
    onClose()
    navigate(target)
  }

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface} aria-label={t('nav.search')}>
        <Input
          ref={input}
          autoFocus
          size="large"
          style={{ width: '100%' }}
          contentBefore={<Search20Regular />}
          placeholder={t('nav.searchPlaceholder')}
          aria-label={t('nav.search')}
          value={query}
          onChange={(_, d) => {
            setQuery(d.value)
            setSelected(0)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onClose()
            if (e.key === 'ArrowDown') setSelected((i) => Math.min(i + 1, results.length - 1))
            if (e.key === 'ArrowUp') setSelected((i) => Math.max(i - 1, 0))
            if (e.key === 'Enter') pick(selected)
          }}
        />
        {query.trim() ? (
          <div className={styles.results} role="listbox">
            {results.length === 0 ? <div className={styles.empty}>{t('nav.searchEmpty')}</div> : null}
            {results.map((leaf, index) => (
              <button
                key={leaf.node.id}
                type="button"
                role="option"
                aria-selected={index === selected}
                className={mergeClasses(styles.result, index === selected && styles.selected)}
                onMouseEnter={() => setSelected(index)}
                onClick={() => pick(index)}
              >
                <span>{menuLabel(leaf.node, language)}</span>
                {leaf.trail.length ? (
                  <span className={styles.trail}>
                    {leaf.trail.map((n) => menuLabel(n, language)).join(' / ')}
                  </span>
                ) : null}
              </button>
            ))}
          </div>
        ) : null}
      </DialogSurface>
    </Dialog>
  )
}

import {
  Button,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Color20Regular, Checkmark16Filled } from '@fluentui/react-icons'
import { useT } from '../../i18n'
import { useSettings } from '../../shell/settings'
import { DEFAULT_COLOR } from '../../theme/themes'

const PRESETS = [
  DEFAULT_COLOR,
  '#1890FF',
  '#304156',
  '#212121',
  '#11A983',
  '#13C2C2',
  '#6959CD',
  '#F5222D',
  '#FA8C16',
  '#C71585',
]

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(5, 28px)', gap: '8px' },
  swatch: {
    width: '28px',
    height: '28px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    cursor: 'pointer',
    display: 'grid',
    placeItems: 'center',
    color: '#fff',
    padding: 0,
  },
  custom: { display: 'flex', alignItems: 'center', gap: '8px', marginTop: '12px', fontSize: '12px' },
})

/** The brand colour (default #409EFF): presets or any colour. */
export function ColorPicker({ className }: { className?: string }) {
  const t = useT()
  const styles = useStyles()
  const color = useSettings((s) => s.color)
  const setColor = useSettings((s) => s.setColor)
  return (
    <Popover withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={t('nav.color')} relationship="label">
          <Button appearance="subtle" className={className} icon={<Color20Regular />} />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface aria-label={t('nav.color')}>
        <div className={styles.grid}>
          {PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className={styles.swatch}
              style={{ background: preset }}
              aria-label={preset}
              onClick={() => setColor(preset)}
            >
              {preset.toLowerCase() === color.toLowerCase() ? <Checkmark16Filled /> : null}
            </button>
          ))}
        </div>
        <label className={styles.custom}>
          <input type="color" value={color} onChange={(e) => setColor(e.target.value.toUpperCase())} />
          {color.toUpperCase()}
        </label>
      </PopoverSurface>
    </Popover>
  )
}

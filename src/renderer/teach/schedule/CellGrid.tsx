import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { Cell } from '../../../shared/api/schedule'
import { WEEKDAY_NAMES } from '../../../shared/resources/schedule/weeks'

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200, alignSelf: 'flex-start' },
  th: {
    padding: '4px 8px',
    backgroundColor: tokens.colorNeutralBackground3,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  cell: {
    width: '72px',
    height: '26px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'center',
    cursor: 'pointer',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  busy: { backgroundColor: tokens.colorPaletteRedBackground1, color: tokens.colorPaletteRedForeground1 },
  holiday: {
    backgroundColor: tokens.colorNeutralBackground5,
    color: tokens.colorNeutralForeground4,
    cursor: 'not-allowed',
  },
  picked: { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand },
})

export interface Pick {
  weekday: number
  startSection: number
  endSection: number
}

/**
 * The 星期 × 节次 grid of free, busy (with reasons) and holiday cells (timeList, timeListAdjust): a click
 * picks a weekday and section, a second click on the same weekday extends the block.
 */
export function CellGrid({
  cells,
  value,
  onChange,
  label,
}: {
  cells: Cell[]
  value: Pick | null
  onChange: (pick: Pick) => void
  label: string
}) {
  const s = useStyles()
  const days = [...new Set(cells.map((c) => c.weekday))].sort((a, b) => a - b)
  const sections = [...new Set(cells.map((c) => c.section))].sort((a, b) => a - b)
  const at = new Map(cells.map((c) => [`${c.weekday}-${c.section}`, c]))
  const click = (weekday: number, section: number) => {
    const cell = at.get(`${weekday}-${section}`)
    if (cell?.holiday) return
    if (
      value &&
      value.weekday === weekday &&
      value.startSection === value.endSection &&
      section > value.startSection
    )
      onChange({ weekday, startSection: value.startSection, endSection: section })
    else onChange({ weekday, startSection: section, endSection: section })
  }
  return (
    <table className={s.table} aria-label={label} data-testid="cell-grid">
      <thead>
        <tr>
          <th className={s.th}>节次</th>
          {days.map((d) => (
            <th key={d} className={s.th}>
              {WEEKDAY_NAMES[d]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sections.map((n) => (
          <tr key={n}>
            <th className={s.th}>{`第${n}节`}</th>
            {days.map((d) => {
              const c = at.get(`${d}-${n}`)
              const picked =
                !!value && value.weekday === d && n >= value.startSection && n <= value.endSection
              return (
                <td
                  key={d}
                  role="gridcell"
                  aria-selected={picked}
                  data-weekday={d}
                  data-section={n}
                  data-state={c?.holiday ? 'holiday' : c?.free ? 'free' : 'busy'}
                  title={c?.holiday ? '节假日' : c?.reasons.join('\n')}
                  className={mergeClasses(
                    s.cell,
                    c && !c.free && !c.holiday && s.busy,
                    c?.holiday && s.holiday,
                    picked && s.picked,
                  )}
                  onClick={() => click(d, n)}
                >
                  {c?.holiday ? '假' : c && !c.free ? c.reasons.length : ''}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

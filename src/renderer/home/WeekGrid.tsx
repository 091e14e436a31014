/**
 * 本周课表 / 本周安排: the caller's week as a 节次 × 星期 grid. Rows are the term's sections (with their
 * times; 1–8 when the week has no term calendar), columns 星期一–星期五 plus 星期六/日 when something
 * falls on them. An item sits in the cell of its first section and names its span; an item outside the
 * sections (an evening exam, a clock time between sections) goes in the last row, 其他.
 */
import { makeStyles, tokens } from '@fluentui/react-components'
import type { MyWeek, MyWeekItem, MyWeekKind } from '../../shared/api/home'
import { addDays } from '../../shared/resources/lab/time'

export const KIND_NAMES: Record<MyWeekKind, string> = {
  batch: '实验课',
  booking: '实验室预约',
  subscription: '项目预约',
  openReserve: '开放实验',
  exam: '考试',
}

const WEEKDAYS = ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日']

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    tableLayout: 'fixed',
    fontSize: tokens.fontSizeBase200,
  },
  th: {
    padding: tokens.spacingVerticalXS,
    background: tokens.colorNeutralBackground3,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    fontWeight: tokens.fontWeightSemibold,
  },
  section: {
    width: '84px',
    padding: tokens.spacingVerticalXS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  cell: {
    verticalAlign: 'top',
    padding: '2px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    height: '28px',
  },
  item: {
    display: 'block',
    marginBottom: '2px',
    padding: '2px 4px',
    borderRadius: tokens.borderRadiusMedium,
    borderLeft: `3px solid ${tokens.colorBrandStroke1}`,
    background: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  exam: {
    borderLeft: `3px solid ${tokens.colorPaletteRedBorder2}`,
    background: tokens.colorPaletteRedBackground1,
  },
  other: {
    borderLeft: `3px solid ${tokens.colorPaletteGreenBorder2}`,
    background: tokens.colorPaletteGreenBackground1,
  },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** The grid's rows: the calendar's sections, else 1–8 and as many as the items reach. */
export function gridSections(week: MyWeek): { section: number; time: string }[] {
  if (week.sections.length)
    return week.sections.map((s) => ({ section: s.section, time: `${s.startTime}-${s.endTime}` }))
  const last = Math.max(8, ...week.items.map((i) => i.endSection ?? 0))
  return Array.from({ length: last }, (_, i) => ({ section: i + 1, time: '' }))
}

/** The weekdays shown: 1–5, and 6/7 when an item falls on them. */
export function gridDays(week: MyWeek): number[] {
  const weekend = [6, 7].filter((d) => week.items.some((i) => i.weekday === d))
  return [1, 2, 3, 4, 5, ...weekend]
}

function ItemChip({ item }: { item: MyWeekItem }) {
  const s = useStyles()
  const span =
    item.startSection != null && item.endSection != null && item.endSection !== item.startSection
      ? `第${item.startSection}-${item.endSection}节`
      : `${item.startTime}-${item.endTime}`
  const tone = item.kind === 'exam' ? s.exam : item.kind === 'batch' ? undefined : s.other
  const text = [item.title, item.place, span].filter(Boolean).join(' · ')
  return (
    <span
      className={[s.item, tone].filter(Boolean).join(' ')}
      title={`${KIND_NAMES[item.kind]}：${text}`}
      data-kind={item.kind}
    >
      {item.title}
      <br />
      <span className={s.muted}>{[item.place, span].filter(Boolean).join(' · ')}</span>
    </span>
  )
}

export function WeekGrid({ week, label }: { week: MyWeek; label: string }) {
  const s = useStyles()
  const sections = gridSections(week)
  const days = gridDays(week)
  const known = new Set(sections.map((r) => r.section))
  const inCell = (section: number, day: number) =>
    week.items.filter((i) => i.weekday === day && i.startSection === section)
  const others = week.items.filter((i) => i.startSection == null || !known.has(i.startSection))
  return (
    <div className={s.scroll}>
      <table className={s.table} aria-label={label}>
        <thead>
          <tr>
            <th className={s.th} scope="col">
              节次
            </th>
            {days.map((d) => (
              <th key={d} className={s.th} scope="col">
                {WEEKDAYS[d - 1]}
                <div className={s.muted}>{addDays(week.weekStart, d - 1).slice(5)}</div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sections.map((r) => (
            <tr key={r.section}>
              <th className={s.section} scope="row">
                第{r.section}节{r.time ? <div className={s.muted}>{r.time}</div> : null}
              </th>
              {days.map((d) => (
                <td key={d} className={s.cell}>
                  {inCell(r.section, d).map((item, i) => (
                    <ItemChip key={i} item={item} />
                  ))}
                </td>
              ))}
            </tr>
          ))}
          {others.length ? (
            <tr>
              <th className={s.section} scope="row">
                其他
              </th>
              {days.map((d) => (
                <td key={d} className={s.cell}>
                  {others
                    .filter((i) => i.weekday === d)
                    .map((item, i) => (
                      <ItemChip key={i} item={item} />
                    ))}
                </td>
              ))}
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  )
}

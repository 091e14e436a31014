import { Button, Select, makeStyles } from '@fluentui/react-components'
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { useLanguage } from '../../i18n'

const useStyles = makeStyles({ row: { display: 'flex', alignItems: 'center', gap: '4px' } })

const TEXT = {
  all: { zh: '全部周', en: 'All weeks' },
  week: { zh: (n: number) => `第${n}周`, en: (n: number) => `Week ${n}` },
  prev: { zh: '上一周', en: 'Previous week' },
  next: { zh: '下一周', en: 'Next week' },
  label: { zh: '周次', en: 'Week' },
}

/** 全部周, 第n周 and ◀ ▶ beside the week grid; null = 全部周. */
export function WeekSelector({
  weeks,
  value,
  onChange,
}: {
  weeks: number
  value: number | null
  onChange: (week: number | null) => void
}) {
  const styles = useStyles()
  const lang = useLanguage((s) => s.language)
  const step = (d: number) => onChange(Math.min(weeks, Math.max(1, (value ?? (d > 0 ? 0 : weeks + 1)) + d)))
  return (
    <div className={styles.row}>
      <Button
        icon={<ChevronLeftRegular />}
        aria-label={TEXT.prev[lang]}
        title={TEXT.prev[lang]}
        disabled={value === 1}
        onClick={() => step(-1)}
      />
      <Select
        aria-label={TEXT.label[lang]}
        value={value == null ? '' : String(value)}
        onChange={(_, d) => onChange(d.value ? Number(d.value) : null)}
      >
        <option value="">{TEXT.all[lang]}</option>
        {Array.from({ length: weeks }, (_, i) => (
          <option key={i + 1} value={String(i + 1)}>
            {TEXT.week[lang](i + 1)}
          </option>
        ))}
      </Select>
      <Button
        icon={<ChevronRightRegular />}
        aria-label={TEXT.next[lang]}
        title={TEXT.next[lang]}
        disabled={value === weeks}
        onClick={() => step(1)}
      />
    </div>
  )
}

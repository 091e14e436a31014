import { schoolYearsAround } from '../../../shared/resources/base/school-year'
import { Pick } from './Pick'

/** The 学年 picker of the screens: the five years up to the current one and the next. */
export function YearPick({
  value,
  onChange,
  years,
}: {
  value: string
  onChange: (v: string) => void
  years?: string[]
}) {
  const list = years ?? schoolYearsAround(new Date(), 5, 1)
  const all = value && !list.includes(value) ? [value, ...list] : list
  return (
    <Pick
      label="学年"
      clearable={false}
      width="150px"
      options={all.map((y) => ({ value: y, label: `${y}学年` }))}
      value={value}
      onChange={(v) => v && onChange(v)}
    />
  )
}

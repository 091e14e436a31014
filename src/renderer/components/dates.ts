import type { CalendarStrings } from '@fluentui/react-datepicker-compat'

/**
 * The product's one date format on screen and on the wire: `yyyy-MM-dd` (and `yyyy-MM-dd HH:mm:ss`),
 * whatever the machine's locale. Pure functions, shared by the pickers and their tests.
 */
const pad = (n: number) => String(n).padStart(2, '0')

export const formatDay = (d: Date): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** `yyyy-MM-dd` (also `yyyy/M/d`, `yyyy.M.d`, `yyyyMMdd`) to a local date; null when not a real day. */
export function parseDay(text: string): Date | null {
  const m = /^\s*(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})日?\s*$/.exec(text)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(y, mo - 1, d)
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null
}

/** `HH:mm` of hours and minutes. */
export const formatTime = (hours: number, minutes: number): string => `${pad(hours)}:${pad(minutes)}`

/** `H:m`, `HH:mm[:ss]` (also a full-width colon) to [hours, minutes, seconds]; null when out of range. */
export function parseTime(text: string): [number, number, number] | null {
  const m = /^\s*(\d{1,2})[:：](\d{1,2})(?::(\d{2}))?\s*$/.exec(text)
  if (!m) return null
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)]
  return h < 24 && mi < 60 && s < 60 ? [h, mi, s] : null
}

/** A wire date-time `yyyy-MM-dd HH:mm[:ss]` split into its day and `HH:mm` ('' parts when absent). */
export function splitDateTime(value: string): { day: string; time: string } {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(value ?? '')
  return { day: m?.[1] ?? '', time: m?.[2] ?? '' }
}

/** Day and time back to the wire's `yyyy-MM-dd HH:mm:ss` ('' without a day; 00:00 without a time). */
export const joinDateTime = (day: string, time: string): string => (day ? `${day} ${time || '00:00'}:00` : '')

/** Calendar texts of the date picker, by language. */
export const calendarStrings: Record<'zh' | 'en', CalendarStrings> = {
  zh: {
    months: [
      '一月',
      '二月',
      '三月',
      '四月',
      '五月',
      '六月',
      '七月',
      '八月',
      '九月',
      '十月',
      '十一月',
      '十二月',
    ],
    shortMonths: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
    days: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
    shortDays: ['日', '一', '二', '三', '四', '五', '六'],
    goToToday: '今天',
    prevMonthAriaLabel: '上个月',
    nextMonthAriaLabel: '下个月',
    prevYearAriaLabel: '上一年',
    nextYearAriaLabel: '下一年',
    prevYearRangeAriaLabel: '上一个年份区间',
    nextYearRangeAriaLabel: '下一个年份区间',
    closeButtonAriaLabel: '关闭',
    monthPickerHeaderAriaLabel: '{0}，选择月份',
    yearPickerHeaderAriaLabel: '{0}，选择年份',
    weekNumberFormatString: '第 {0} 周',
  },
  en: {
    months: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    shortMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    shortDays: ['S', 'M', 'T', 'W', 'T', 'F', 'S'],
    goToToday: 'Today',
    prevMonthAriaLabel: 'Previous month',
    nextMonthAriaLabel: 'Next month',
    prevYearAriaLabel: 'Previous year',
    nextYearAriaLabel: 'Next year',
    prevYearRangeAriaLabel: 'Previous year range',
    nextYearRangeAriaLabel: 'Next year range',
    closeButtonAriaLabel: 'Close',
    monthPickerHeaderAriaLabel: '{0}, select to change the month',
    yearPickerHeaderAriaLabel: '{0}, select to change the year',
    weekNumberFormatString: 'Week number {0}',
  },
}

/** How the calendar writes its headers: 2025年9月 in zh. */
export const calendarFormatting = {
  zh: {
    formatDay: (d: Date) => String(d.getDate()),
    formatMonth: (d: Date) => `${d.getMonth() + 1}月`,
    formatYear: (d: Date) => `${d.getFullYear()}年`,
    formatMonthDayYear: (d: Date) => `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`,
    formatMonthYear: (d: Date) => `${d.getFullYear()}年${d.getMonth() + 1}月`,
  },
  en: {
    formatDay: (d: Date) => String(d.getDate()),
    formatMonth: (d: Date, s: { months: string[] }) => s.months[d.getMonth()],
    formatYear: (d: Date) => String(d.getFullYear()),
    formatMonthDayYear: (d: Date, s: { months: string[] }) =>
      `${s.months[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`,
    formatMonthYear: (d: Date, s: { months: string[] }) => `${s.months[d.getMonth()]} ${d.getFullYear()}`,
  },
}

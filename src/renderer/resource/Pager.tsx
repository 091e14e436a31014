import { Button, Dropdown, Input, Option, makeStyles, tokens } from '@fluentui/react-components'
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import type { Lang } from './fields'
import { PAGE_SIZES, pagesOf } from './query'
import { sayer } from './strings'

/** Paging under the list (spec 9: sizes 10, 30, 50, 100, 200; default 10): total, size, pages, jump. */
export interface PagerProps {
  lang: Lang
  total: number
  current: number
  size: number
  onChange: (current: number, size: number) => void
}

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    justifyContent: 'flex-end',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} 0 0`,
    color: tokens.colorNeutralForeground2,
    fontVariantNumeric: 'tabular-nums',
  },
  size: { minWidth: '110px' },
  page: { minWidth: '32px', padding: '0 6px' },
  jump: { width: '56px' },
  ellipsis: { color: tokens.colorNeutralForeground4, padding: '0 2px' },
})

/** Page numbers to show: first, last and a window around the current one, with gaps as null. */
export function pageList(current: number, pages: number): (number | null)[] {
  const set = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages))
  if (current <= 3) [2, 3, 4].forEach((p) => p <= pages && set.add(p))
  if (current >= pages - 2) [pages - 1, pages - 2, pages - 3].forEach((p) => p >= 1 && set.add(p))
  const sorted = [...set].sort((a, b) => a - b)
  const out: (number | null)[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null)
    out.push(p)
  })
  return out
}

export function Pager({ lang, total, current, size, onChange }: PagerProps) {
  const s = useStyles()
  const say = sayer(lang)
  const pages = pagesOf(total, size)
  const [jump, setJump] = useState(String(current))
  useEffect(() => setJump(String(current)), [current])
  const go = (p: number) => onChange(Math.min(pages, Math.max(1, p)), size)
  return (
    <nav className={s.bar} aria-label="pagination">
      <span>{say('total', { n: total })}</span>
      <Dropdown
        className={s.size}
        size="small"
        aria-label={say('perPage', { n: '' }).trim()}
        value={say('perPage', { n: size })}
        selectedOptions={[String(size)]}
        onOptionSelect={(_, d) => onChange(1, Number(d.optionValue))}
      >
        {PAGE_SIZES.map((n) => (
          <Option key={n} value={String(n)}>
            {say('perPage', { n })}
          </Option>
        ))}
      </Dropdown>
      <Button
        size="small"
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        aria-label={say('prev')}
        disabled={current <= 1}
        onClick={() => go(current - 1)}
      />
      {pageList(current, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className={s.ellipsis}>
            …
          </span>
        ) : (
          <Button
            key={p}
            className={s.page}
            size="small"
            appearance={p === current ? 'primary' : 'subtle'}
            aria-current={p === current ? 'page' : undefined}
            onClick={() => go(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button
        size="small"
        appearance="subtle"
        icon={<ChevronRightRegular />}
        aria-label={say('next')}
        disabled={current >= pages}
        onClick={() => go(current + 1)}
      />
      <Input
        className={s.jump}
        size="small"
        type="number"
        aria-label={say('page', { n: '' })}
        value={jump}
        onChange={(_, d) => setJump(d.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && Number(jump) >= 1) go(Math.floor(Number(jump)))
        }}
      />
    </nav>
  )
}

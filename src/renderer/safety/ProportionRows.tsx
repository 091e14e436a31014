import { Button, Input, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import type { FieldDef } from '../../shared/resource/types'
import { CATEGORY_TREE_URL } from '../../shared/resources/safety/bank'
import type { Proportion } from '../../shared/resources/safety/proportions'
import { FieldControl } from '../resource/FieldControl'
import { useLang } from '../resource/shell-adapter'
import { useText } from '../i18n'
import { T } from './texts'

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: {
    display: 'grid',
    gridTemplateColumns: '1fr 120px auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
  },
  sum: { color: tokens.colorNeutralForeground2 },
  bad: { color: tokens.colorPaletteRedForeground1 },
})

const CATEGORY: FieldDef = {
  name: 'categoryId',
  type: 'id',
  label: { zh: '题目分类', en: 'Category' },
  control: 'tree',
  remote: { url: CATEGORY_TREE_URL, label: 'title', value: 'id', tree: true },
}

/** Σ of the rows' proportions. */
export const proportionSum = (rows: Proportion[]) =>
  rows.reduce((s, r) => s + (Number.isFinite(r.proportion) ? r.proportion : 0), 0)

/** 分类比例: rows of a category and its percentage, with the live Σ (must be 100). */
export function ProportionRows({
  rows,
  onChange,
  disabled,
}: {
  rows: Proportion[]
  onChange: (rows: Proportion[]) => void
  disabled?: boolean
}) {
  const s = useStyles()
  const lang = useLang()
  const text = useText()
  const sum = proportionSum(rows)
  const set = (i: number, patch: Partial<Proportion>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  return (
    <div className={s.rows}>
      {rows.map((r, i) => (
        <div className={s.row} key={i}>
          <FieldControl
            field={CATEGORY}
            lang={lang}
            value={r.categoryId}
            disabled={disabled}
            onChange={(v) => set(i, { categoryId: String(v ?? '') })}
            onBlur={() => undefined}
          />
          <Input
            type="number"
            aria-label={`${text(T.proportions)}${i + 1}`}
            value={Number.isFinite(r.proportion) ? String(r.proportion) : ''}
            contentAfter="%"
            min={1}
            max={100}
            disabled={disabled}
            onChange={(_e, d) => set(i, { proportion: d.value === '' ? NaN : Number(d.value) })}
          />
          <Button
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={text(T.remove)}
            disabled={disabled}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <div className={s.row}>
        <Button
          size="small"
          icon={<AddRegular />}
          disabled={disabled}
          onClick={() => onChange([...rows, { categoryId: '', proportion: NaN }])}
        >
          {text(T.addProportion)}
        </Button>
        <span className={sum === 100 ? s.sum : s.bad} aria-label={text(T.proportionSum)}>
          {text(T.proportionSum)}：{sum}%
        </span>
      </div>
    </div>
  )
}

import { Tag, makeStyles, tokens } from '@fluentui/react-components'
import type { FieldDef } from '../../shared/resource/types'
import type { Lang } from './fields'
import { labelsOf, useChoices } from './options'

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXXS,
    minWidth: 0,
    overflow: 'hidden',
  },
  muted: { color: tokens.colorNeutralForeground4 },
})

/** A dictionary, option or remote value shown as tags with its labels (the key when unknown). */
export function ValueTags({
  field,
  value,
  lang,
  max = 6,
}: {
  field: FieldDef
  value: unknown
  lang: Lang
  max?: number
}) {
  const s = useStyles()
  const choices = useChoices(field, lang)
  const labels = labelsOf(value, choices)
  if (!labels.length) return <span className={s.muted}>-</span>
  const shown = labels.slice(0, max)
  return (
    <span className={s.row} title={labels.join('、')}>
      {shown.map((l, i) => (
        <Tag key={`${l}-${i}`} size="extra-small" appearance="brand" shape="rounded">
          {l}
        </Tag>
      ))}
      {labels.length > max ? (
        <Tag size="extra-small" appearance="outline" shape="rounded">
          +{labels.length - max}
        </Tag>
      ) : null}
    </span>
  )
}

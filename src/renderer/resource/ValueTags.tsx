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

/**
 * A dictionary, option or remote value shown as tags with its labels. A key the choices lack (a remote
 * catalogue is fetched one page deep) shows the row's own label when the server presented one under the
 * remote label's name (`projectName` beside `projectId`), else the key itself.
 */
export function ValueTags({
  field,
  value,
  lang,
  max = 6,
  row,
}: {
  field: FieldDef
  value: unknown
  lang: Lang
  max?: number
  /** The list row the value belongs to. */
  row?: Record<string, unknown>
}) {
  const s = useStyles()
  const choices = useChoices(field, lang)
  const own = field.remote && row ? row[field.remote.label] : undefined
  const single = value !== null && value !== undefined && !String(value).includes(',')
  const labels =
    single && typeof own === 'string' && own && !choices.some((c) => c.value === String(value))
      ? [own]
      : labelsOf(value, choices)
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

import { Field, Select } from '@fluentui/react-components'
import { useT } from '../i18n'
import { useDict } from '../shell/dict'

/** 流程分类 from the `flow` dictionary; the value is the category code `flow_<key>`. */
export function CategorySelect({ value, onChange }: { value: string; onChange: (category: string) => void }) {
  const items = useDict('flow')
  const t = useT()
  return (
    <Field label={t('flow.category')} orientation="horizontal">
      <Select value={value} onChange={(_, d) => onChange(d.value)}>
        <option value="">{t('flow.choose')}</option>
        {items.map((i) => (
          <option key={i.dictKey} value={`flow_${i.dictKey}`}>
            {i.dictValue}
          </option>
        ))}
      </Select>
    </Field>
  )
}

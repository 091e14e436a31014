import { Dropdown, Field, Option } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useText } from '../i18n'
import { quietCall } from '../shell/request'
import { safetyPlanApi } from '../../shared/api/safety'
import { T } from './texts'

interface PlanChoice {
  id: string
  planName: string
  status: number
}

/** 考试计划 picker of the candidate, score and statistics screens: published plans first chosen. */
export function PlanPicker({
  value,
  onChange,
}: {
  value: string
  onChange: (id: string, name: string) => void
}) {
  const text = useText()
  const [plans, setPlans] = useState<PlanChoice[]>([])
  useEffect(() => {
    let live = true
    void quietCall(safetyPlanApi.plan.select)
      .then((rows) => {
        if (!live) return
        const published = rows.filter((p) => p.status === 4)
        setPlans(published)
        if (!value && published[0]) onChange(published[0].id, published[0].planName)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
    // once: the first published plan is chosen when none is
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const chosen = plans.find((p) => p.id === value)
  return (
    <Field label={text(T.plan)} orientation="horizontal" style={{ minWidth: 420 }}>
      <Dropdown
        aria-label={text(T.choosePlan)}
        placeholder={text(T.choosePlan)}
        value={chosen?.planName ?? ''}
        selectedOptions={value ? [value] : []}
        onOptionSelect={(_e, d) => {
          const p = plans.find((x) => x.id === d.optionValue)
          if (p) onChange(p.id, p.planName)
        }}
      >
        {plans.map((p) => (
          <Option key={p.id} value={p.id}>
            {p.planName}
          </Option>
        ))}
      </Dropdown>
    </Field>
  )
}

import { useMemo } from 'react'
import { COMPETITION_DICTS } from '../../../shared/resources/competition'
import { useDict } from '../../resource/shell-adapter'
import type { PickOption } from './Pick'

export type DictName = keyof typeof COMPETITION_DICTS

/** A competition dictionary as options and as a label lookup. */
export function useCodes(name: DictName) {
  const items = useDict(COMPETITION_DICTS[name])
  return useMemo(() => {
    const options: PickOption[] = items.map((i) => ({ value: i.dictKey, label: i.dictValue }))
    const labels = new Map(options.map((o) => [o.value, o.label]))
    const label = (v: unknown) =>
      v === null || v === undefined || v === '' ? '' : (labels.get(String(v)) ?? String(v))
    return { options, label }
  }, [items])
}

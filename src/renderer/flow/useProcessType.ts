import { useDict } from '../shell/dict'

/**
 * The route type of a process (`/work/process/{type}/...`), as Saber finds it: the `flow` dictionary
 * maps the category `flow_<key>` to the type in its remark; the definition key stands in otherwise.
 */
export function useProcessType(): (row: {
  category?: string
  processDefinitionKey?: string
  key?: string
}) => string {
  const items = useDict('flow')
  return (row) => {
    const item = items.find((i) => `flow_${i.dictKey}` === row.category)
    return item?.remark || row.processDefinitionKey || row.key || ''
  }
}

/** The category's label (流程分类) from the same dictionary. */
export function useCategoryLabel(): (category: string) => string {
  const items = useDict('flow')
  return (category) => items.find((i) => `flow_${i.dictKey}` === category)?.dictValue ?? category
}

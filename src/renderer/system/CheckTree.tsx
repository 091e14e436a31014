import { Checkbox } from '@fluentui/react-components'
import type { TreeNode } from './SideTree'

const subtreeIds = (n: TreeNode): string[] => [n.id, ...(n.children ?? []).flatMap(subtreeIds)]

/** A tree of checkboxes, indented by depth; checking a node checks (or clears) its whole subtree. */
export function CheckTree({
  nodes,
  checked,
  onChange,
  label,
}: {
  nodes: TreeNode[]
  checked: Set<string>
  onChange: (next: Set<string>) => void
  label: string
}) {
  const rows: { node: TreeNode; depth: number }[] = []
  const walk = (list: TreeNode[], depth: number) =>
    list.forEach((n) => {
      rows.push({ node: n, depth })
      walk(n.children ?? [], depth + 1)
    })
  walk(nodes, 0)
  return (
    <div role="group" aria-label={label} style={{ maxHeight: 420, overflow: 'auto' }}>
      {rows.map(({ node, depth }) => (
        <div key={node.id} style={{ paddingLeft: depth * 20 }}>
          <Checkbox
            label={node.title}
            checked={checked.has(node.id)}
            onChange={(_, d) => {
              const next = new Set(checked)
              for (const id of subtreeIds(node)) {
                if (d.checked) next.add(id)
                else next.delete(id)
              }
              onChange(next)
            }}
          />
        </div>
      ))}
    </div>
  )
}

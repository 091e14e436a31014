import { Tree, TreeItem, TreeItemLayout, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useEffect, useState, type ReactNode } from 'react'
import { request } from '../shell/request'

/** A `{id, title, children}` node of the server's tree endpoints (dept/tree, menu/tree, ...). */
export interface TreeNode {
  id: string
  title: string
  children?: TreeNode[]
}

const useStyles = makeStyles({
  layout: { display: 'flex', height: '100%', minHeight: 0 },
  side: {
    width: '240px',
    flexShrink: 0,
    overflow: 'auto',
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingVerticalS,
    boxSizing: 'border-box',
  },
  main: { flex: 1, minWidth: 0, minHeight: 0 },
  chosen: { backgroundColor: tokens.colorBrandBackground2, fontWeight: tokens.fontWeightSemibold },
})

export function useTree(path: string): TreeNode[] {
  const [nodes, setNodes] = useState<TreeNode[]>([])
  useEffect(() => {
    request<TreeNode[]>({ method: 'GET', path })
      .then((d) => setNodes(Array.isArray(d) ? d : []))
      .catch(() => setNodes([]))
  }, [path])
  return nodes
}

/**
 * A tree on the left that filters what is on the right (users by department, scopes by menu).
 * Clicking the chosen node again clears the choice.
 */
export function SideTreeLayout({
  label,
  path,
  chosen,
  onChoose,
  children,
}: {
  label: string
  path: string
  chosen: string | null
  onChoose: (id: string | null, node: TreeNode | null) => void
  children: ReactNode
}) {
  const s = useStyles()
  const nodes = useTree(path)
  const render = (list: TreeNode[]) =>
    list.map((n) => (
      <TreeItem key={n.id} value={n.id} itemType={n.children?.length ? 'branch' : 'leaf'}>
        <TreeItemLayout
          className={mergeClasses(chosen === n.id && s.chosen)}
          onClick={(e) => {
            e.stopPropagation()
            onChoose(chosen === n.id ? null : n.id, chosen === n.id ? null : n)
          }}
        >
          {n.title}
        </TreeItemLayout>
        {n.children?.length ? <Tree>{render(n.children)}</Tree> : null}
      </TreeItem>
    ))
  return (
    <div className={s.layout}>
      <nav className={s.side} aria-label={label}>
        <Tree key={nodes.length} aria-label={label} defaultOpenItems={nodes.map((n) => n.id)}>
          {render(nodes)}
        </Tree>
      </nav>
      <div className={s.main}>{children}</div>
    </div>
  )
}

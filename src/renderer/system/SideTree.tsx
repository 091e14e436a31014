import { Tree, TreeItem, TreeItemLayout, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useEffect, useState, type ReactNode } from 'react'
import type { TreeNode } from '../../shared/api/system'
import type { z } from 'zod'
import type { Endpoint } from '../../shared/api/endpoint'
import { request, toRequest } from '../shell/request'

export type { TreeNode }

/** A tree endpoint of `src/shared/api`, called without parameters. */
export type TreeEndpoint = Endpoint<z.ZodType | undefined, undefined, TreeNode[]>

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

export function useTree(tree: TreeEndpoint): TreeNode[] {
  const [nodes, setNodes] = useState<TreeNode[]>([])
  useEffect(() => {
    request<TreeNode[]>(toRequest(tree))
      .then((d) => setNodes(Array.isArray(d) ? d : []))
      .catch(() => setNodes([]))
  }, [tree])
  return nodes
}

/**
 * A tree on the left that filters what is on the right (users by department, scopes by menu).
 * Clicking the chosen node again clears the choice.
 */
export function SideTreeLayout({
  label,
  tree,
  chosen,
  onChoose,
  children,
}: {
  label: string
  tree: TreeEndpoint
  chosen: string | null
  onChoose: (id: string | null, node: TreeNode | null) => void
  children: ReactNode
}) {
  const s = useStyles()
  const nodes = useTree(tree)
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

/**
 * BladeX `TreeNode` forests (contract 5.5): string ids, `key` and `value` equal to the id, `children`
 * omitted when empty and `hasChildren` omitted unless known.
 */
export interface TreeNode {
  id: string
  parentId: string
  title: string
  key: string
  value: string
  children?: TreeNode[]
  hasChildren?: boolean
  [extra: string]: unknown
}

type Row = Record<string, unknown>

/**
 * Builds a forest of the rows; a row whose parent is not among them is a root. `children` is added
 * only where there are some, so leaves serialise without it.
 */
export function forest<T extends Row>(
  rows: T[],
  idOf: (r: T) => string,
  parentOf: (r: T) => string,
): (T & { children?: T[]; hasChildren?: boolean })[] {
  type N = T & { children?: N[]; hasChildren?: boolean }
  const nodes = new Map<string, N>()
  for (const r of rows) nodes.set(idOf(r), { ...r } as N)
  const roots: N[] = []
  for (const r of rows) {
    const node = nodes.get(idOf(r))!
    const parent = nodes.get(parentOf(r))
    if (parent && parent !== node) {
      ;(parent.children ??= []).push(node)
      parent.hasChildren = true
    } else roots.push(node)
  }
  return roots
}

/** TreeNode forest from rows with id, parentId and a title field. */
export function treeNodes(rows: Row[], titleField: string, extra: (r: Row) => Row = () => ({})): TreeNode[] {
  const nodes = rows.map((r) => {
    const id = String(r.id)
    return {
      id,
      parentId: String(r.parentId ?? '0'),
      title: String(r[titleField] ?? ''),
      key: id,
      value: id,
      ...extra(r),
    } as TreeNode
  })
  return forest(
    nodes,
    (n) => n.id,
    (n) => n.parentId,
  ) as TreeNode[]
}

/** Ids of a node and all its descendants among the rows. */
export function descendantIds(rows: { id: string; parentId: string }[], rootIds: string[]): Set<string> {
  const byParent = new Map<string, string[]>()
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r.id])
  const out = new Set<string>()
  const stack = [...rootIds]
  while (stack.length) {
    const id = stack.pop()!
    if (out.has(id)) continue
    out.add(id)
    stack.push(...(byParent.get(id) ?? []))
  }
  return out
}

/** Ids of the rows plus all their ancestors among `all`. */
export function withAncestors(all: { id: string; parentId: string }[], ids: Iterable<string>): Set<string> {
  const parentOf = new Map(all.map((r) => [r.id, r.parentId]))
  const out = new Set<string>()
  for (const start of ids) {
    let id: string | undefined = start
    while (id && id !== '0' && !out.has(id) && parentOf.has(id)) {
      out.add(id)
      id = parentOf.get(id)
    }
  }
  return out
}

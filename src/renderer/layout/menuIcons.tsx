import type { ReactElement } from 'react'
import {
  Beaker20Regular,
  Board20Regular,
  BuildingMultiple20Regular,
  ChartMultiple20Regular,
  ClipboardTaskListLtr20Regular,
  Desktop20Regular,
  DocumentText20Regular,
  ArrowDownload20Regular,
  Flowchart20Regular,
  Folder20Regular,
  Home20Regular,
  Library20Regular,
  Database20Regular,
  Settings20Regular,
  ShieldCheckmark20Regular,
  Trophy20Regular,
  DocumentBulletList20Regular,
  Circle20Regular,
} from '@fluentui/react-icons'
import type { MenuNode } from '../shell/menu'

/** BladeX icons are icon-font classes we do not ship; the top-level codes map to Fluent icons. */
const byCode: Record<string, () => ReactElement> = {
  desk: () => <Board20Regular />,
  teach: () => <Library20Regular />,
  lab: () => <BuildingMultiple20Regular />,
  assets: () => <Desktop20Regular />,
  competition: () => <Trophy20Regular />,
  safety: () => <ShieldCheckmark20Regular />,
  quality: () => <ClipboardTaskListLtr20Regular />,
  report: () => <ChartMultiple20Regular />,
  flow: () => <Flowchart20Regular />,
  cms: () => <DocumentText20Regular />,
  download: () => <ArrowDownload20Regular />,
  base: () => <Database20Regular />,
  system: () => <Settings20Regular />,
  log: () => <DocumentBulletList20Regular />,
  experiment: () => <Beaker20Regular />,
}

export function menuIcon(node: MenuNode, depth: number): ReactElement {
  if (node.path === '/wel/index') return <Home20Regular />
  const code = (node.code ?? '').split('_')[0]
  const icon = byCode[code]
  if (icon && depth === 0) return icon()
  if (node.children && node.children.length > 0) return <Folder20Regular />
  return depth === 0 ? (icon?.() ?? <Circle20Regular />) : <Circle20Regular style={{ width: 8 }} />
}

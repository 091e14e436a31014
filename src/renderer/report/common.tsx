import { exportOrQueue } from '../components/exporting'
import { Badge, makeStyles, tokens } from '@fluentui/react-components'
import type { AnyEndpoint, CallInput } from '../../shared/api/endpoint'
import { REPORT_SUBMIT_STATUS, REPORT_TASK_STATUS, type CodeTable } from '../../shared/resources/report/codes'
import { toRequest } from '../shell/request'

/** What the report screens share: status names and badges, file export through main's save dialog. */
const labelIn = (t: CodeTable, key: unknown) => t.items.find(([k]) => k === String(key))?.[1] ?? ''

export const submitStatusName = (status: number | null | undefined) =>
  status === null || status === undefined ? '' : labelIn(REPORT_SUBMIT_STATUS, status)
export const taskStatusName = (status: number) => labelIn(REPORT_TASK_STATUS, status)

const SUBMIT_COLORS = ['informative', 'warning', 'brand', 'danger', 'success'] as const

export function StatusBadge({ status }: { status: number | null | undefined }) {
  if (status === null || status === undefined) return null
  return (
    <Badge appearance="tint" color={SUBMIT_COLORS[status] ?? 'informative'}>
      {submitStatusName(status)}
    </Badge>
  )
}

/**
 * Streams a file endpoint into the file the user picks in main's save dialog (`suggestedName`);
 * answers whether it was saved. A refusal (e.g. 有N处数据无法写入TXT) is shown as a toast. With the
 * list's `total` over 20,000 rows the export is queued in 下载中心 instead.
 */
export async function saveFile<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E>,
  suggestedName: string,
  total?: number,
): Promise<boolean> {
  return (await exportOrQueue(toRequest(endpoint, input), suggestedName, total)) === 'saved'
}

/** A picked file as base64 (the import's JSON form). */
export async function fileBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** The frame of the area's list screens: a column of toolbar, scrolling grid and pager. */
export const usePageStyles = makeStyles({
  page: {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
    minHeight: 0,
  },
  toolbar: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    padding: `${tokens.spacingVerticalS} 0`,
  },
  grid: { flex: 1, overflow: 'auto', minHeight: 0 },
})

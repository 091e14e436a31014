import { useEffect, useState } from 'react'
import { Button, Card, CardHeader, Text } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { homeApi, TEACH_DETAIL_COLUMNS, type TeachDetailRow } from '../../shared/api/home'
import { SimpleTable } from '../open/SimpleTable'
import { Pager } from '../resource/Pager'
import { usePermissions } from '../resource/shell-adapter'
import { exportOrQueue } from '../components/exporting'
import { useLanguage } from '../i18n'
import { quietCall, toRequest } from '../shell/request'
import { useHomeStyles } from './styles'

const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '')

/**
 * 教学统计明细 of the term, paged, with 导出 (button desk_home_export) as xlsx with the ten headers;
 * over 20,000 rows the export is queued in 下载中心 instead.
 */
export function TeachDetailCard({ academicYearId }: { academicYearId: string | null }) {
  const h = useHomeStyles()
  const can = usePermissions()
  const lang = useLanguage((s) => s.language)
  const [paging, setPaging] = useState({ current: 1, size: 10 })
  const [rows, setRows] = useState<TeachDetailRow[] | null>(null)
  const [total, setTotal] = useState(0)
  const filters = academicYearId ? { academicYearId } : {}
  useEffect(() => {
    void quietCall(homeApi.teachStatisticsDetail, { query: { ...filters, ...paging } })
      .then((page) => {
        setRows(page.records)
        setTotal(page.total)
      })
      .catch(() => setRows([]))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [academicYearId, paging])
  return (
    <Card aria-label="教学统计明细">
      <CardHeader
        header={<Text weight="semibold">教学统计明细</Text>}
        action={
          can('desk_home_export') ? (
            <Button
              size="small"
              icon={<ArrowDownloadRegular />}
              disabled={!rows?.length}
              onClick={() =>
                void exportOrQueue(
                  toRequest(homeApi.teachStatisticsDetailExport, { query: filters }),
                  `教学统计明细-${today()}.xlsx`,
                  total,
                  '导出完成',
                )
              }
            >
              导出
            </Button>
          ) : null
        }
      />
      {rows === null ? (
        <div className={h.empty}>加载中…</div>
      ) : (
        <>
          <SimpleTable
            label="教学统计明细"
            rows={rows}
            keyOf={(r) => [r.collegeName, r.courseNumber, r.experimentNumber, r.labName].join('|')}
            columns={TEACH_DETAIL_COLUMNS.map(([key, label]) => [label, (r: TeachDetailRow) => r[key]])}
          />
          {total > paging.size ? (
            <Pager
              lang={lang}
              total={total}
              current={paging.current}
              size={paging.size}
              onChange={(current, size) => setPaging({ current, size })}
            />
          ) : null}
        </>
      )}
    </Card>
  )
}

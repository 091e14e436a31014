import { lazy, Suspense, useEffect, useState } from 'react'
import { Skeleton, SkeletonItem } from '@fluentui/react-components'
import { homeApi, type EquipmentSummary, type LabOverview, type TeachStatistics } from '../../shared/api/home'
import { FigureCards } from '../charts/FigureCards'
import { quietCall } from '../shell/request'
import { TeachDetailCard } from './TeachDetailCard'

/** The charts load in their own chunk once the cards have their numbers. */
const HomeCharts = lazy(() => import('./HomeCharts'))

export interface OfficeFigures {
  labs: LabOverview | null
  equipment: EquipmentSummary | null
  teaching: TeachStatistics | null
}

const wan = (yuan: number) => (yuan / 10000).toFixed(yuan >= 1e6 ? 0 : 1)

/** The five headline figures; an area without data shows 暂无数据. */
export function kpiFigures({ labs, equipment, teaching }: OfficeFigures): [string, string][] {
  const or = (ok: boolean | undefined, text: string) => (ok ? text : '暂无数据')
  return [
    ['实验室', or(labs?.available.labs, String(labs?.labCount ?? 0))],
    ['实验房间', or(labs?.available.labs, String(labs?.roomCount ?? 0))],
    [
      '设备(台件, 万元)',
      or(equipment?.available.equipment, `${equipment?.count ?? 0} / ${wan(equipment?.value ?? 0)}`),
    ],
    ['本学期实验学时', or(teaching?.available.teaching, String(teaching?.hours ?? 0))],
    ['本周预约', String(labs?.bookings.thisWeek ?? 0)],
  ]
}

/**
 * The lab office's part of 首页: the KPI cards, then the seven charts (lazy chunk), then 教学统计明细.
 * Each call fails alone: its figures show 暂无数据.
 */
export function OfficeStatistics() {
  const [figures, setFigures] = useState<OfficeFigures | null>(null)
  useEffect(() => {
    const none = () => null
    void Promise.all([
      quietCall(homeApi.labOverview, { query: {} }).catch(none),
      quietCall(homeApi.equipmentSummary, { query: {} }).catch(none),
      quietCall(homeApi.teachStatistics, { query: {} }).catch(none),
    ]).then(([labs, equipment, teaching]) => setFigures({ labs, equipment, teaching }))
  }, [])
  if (!figures)
    return (
      <Skeleton aria-label="统计加载中">
        <SkeletonItem style={{ height: 88 }} />
      </Skeleton>
    )
  return (
    <>
      <section aria-label="统计概览" data-state="ready">
        <FigureCards figures={kpiFigures(figures)} columns={5} minWidth={150} />
      </section>
      <Suspense
        fallback={
          <Skeleton aria-label="图表加载中">
            <SkeletonItem style={{ height: 300 }} />
          </Skeleton>
        }
      >
        <HomeCharts {...figures} />
      </Suspense>
      <TeachDetailCard academicYearId={figures.teaching?.academicYearId ?? null} />
    </>
  )
}

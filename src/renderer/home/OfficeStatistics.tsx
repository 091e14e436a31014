import { lazy, Suspense, useEffect, useState } from 'react'
import { Skeleton, SkeletonItem } from '@fluentui/react-components'
import {
  homeApi,
  type EquipmentSummary,
  type HomeKpi,
  type LabOverview,
  type TeachStatistics,
} from '../../shared/api/home'
import { FigureCards } from '../charts/FigureCards'
import { quietCall } from '../shell/request'
import { TeachDetailCard } from './TeachDetailCard'

/** The charts load in their own chunk once the cards have their numbers. */
const loadCharts = () => import('./HomeCharts')
const HomeCharts = lazy(loadCharts)

export interface OfficeFigures {
  labs: LabOverview | null
  equipment: EquipmentSummary | null
  teaching: TeachStatistics | null
}

const wan = (yuan: number) => (yuan / 10000).toFixed(yuan >= 1e6 ? 0 : 1)

/** The five headline figures; an area without data (or a failed call) shows 暂无数据. */
export function kpiFigures(kpi: HomeKpi | null): [string, string][] {
  const or = (ok: boolean | undefined, text: () => string) => (ok ? text() : '暂无数据')
  return [
    ['实验室', or(kpi?.available.labs, () => String(kpi!.labCount))],
    ['实验房间', or(kpi?.available.labs, () => String(kpi!.roomCount))],
    [
      '设备(台件, 万元)',
      or(kpi?.available.equipment, () => `${kpi!.equipmentCount} / ${wan(kpi!.equipmentValue)}`),
    ],
    ['本学期实验学时', or(kpi?.available.teaching, () => String(kpi!.teachingHours))],
    ['本周预约', String(kpi?.bookingsThisWeek ?? 0)],
  ]
}

/**
 * The lab office's part of 首页: the KPI cards from one call of counts (`home-page/kpi`), then the seven
 * charts (lazy chunk) from the grouped statistics, asked only once the cards have their numbers so the
 * database answers the cards first, then 教学统计明细. Each call fails alone: its figures show 暂无数据.
 */
export function OfficeStatistics() {
  const [kpi, setKpi] = useState<HomeKpi | null | undefined>(undefined)
  const [figures, setFigures] = useState<OfficeFigures | null>(null)
  useEffect(() => {
    let live = true
    const none = () => null
    void quietCall(homeApi.kpi, { query: {} })
      .catch(none)
      .then((answer) => {
        // A page that has gone asks nothing more: the heavy calls would hold up the next page's cards.
        if (!live) return null
        setKpi(answer)
        void loadCharts()
        return Promise.all([
          quietCall(homeApi.labOverview, { query: {} }).catch(none),
          quietCall(homeApi.equipmentSummary, { query: {} }).catch(none),
          quietCall(homeApi.teachStatistics, { query: {} }).catch(none),
        ])
      })
      .then((answers) => {
        if (!live || !answers) return
        const [labs, equipment, teaching] = answers
        setFigures({ labs, equipment, teaching })
      })
    return () => {
      live = false
    }
  }, [])
  if (kpi === undefined)
    return (
      <Skeleton aria-label="统计加载中">
        <SkeletonItem style={{ height: 88 }} />
      </Skeleton>
    )
  const charts = (
    <Skeleton aria-label="图表加载中">
      <SkeletonItem style={{ height: 300 }} />
    </Skeleton>
  )
  return (
    <>
      <section aria-label="统计概览" data-state="ready">
        <FigureCards figures={kpiFigures(kpi)} columns={5} minWidth={150} />
      </section>
      {figures ? (
        <Suspense fallback={charts}>
          <HomeCharts {...figures} />
        </Suspense>
      ) : (
        charts
      )}
      <TeachDetailCard academicYearId={kpi?.academicYearId ?? null} />
    </>
  )
}

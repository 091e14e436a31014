import { Select } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { experimentApi, type SubscribeProject } from '../../shared/api/experiment'
import { quietCall } from '../shell/request'

/** The projects the user may see (newest first), and the chosen one. */
export function useProjects(): {
  projects: SubscribeProject[]
  projectId: string
  setProjectId: (id: string) => void
} {
  const [projects, setProjects] = useState<SubscribeProject[]>([])
  const [projectId, setProjectId] = useState('')
  useEffect(() => {
    quietCall(experimentApi.project.page, { query: { current: 1, size: 500 } })
      .then((page) => {
        setProjects(page.records as SubscribeProject[])
        setProjectId((id) => id || String(page.records[0]?.id ?? ''))
      })
      .catch(() => setProjects([]))
  }, [])
  return { projects, projectId, setProjectId }
}

export function ProjectSelect({
  projects,
  value,
  onChange,
}: {
  projects: SubscribeProject[]
  value: string
  onChange: (id: string) => void
}) {
  return (
    <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <span>预约项目</span>
      <Select aria-label="预约项目" value={value} onChange={(_, d) => onChange(d.value)}>
        {projects.map((p) => (
          <option key={String(p.id)} value={String(p.id)}>
            {p.projectName}
          </option>
        ))}
      </Select>
    </label>
  )
}

/** 第5周 星期三 第5-6节 (2025-10-01 14:00-15:40). */
export const slotText = (s: {
  week?: unknown
  weekday?: unknown
  startSection?: unknown
  endSection?: unknown
  date?: unknown
  startTime?: unknown
  endTime?: unknown
}) =>
  `第${s.week}周 ${['', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'][Number(s.weekday)] ?? ''} 第${s.startSection}-${s.endSection}节（${s.date ?? ''} ${s.startTime ?? ''}-${s.endTime ?? ''}）`

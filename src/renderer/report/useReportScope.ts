import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import {
  sj6Api,
  sjApi,
  taskApi,
  type ApplyData,
  type ApplyScope,
  type FlowComment,
  type FlowStep,
} from '../../shared/api/report'
import type { TableCode } from '../../shared/resources/report/tables'
import { call, quietCall } from '../shell/request'

export interface ReportScope {
  /** The issued tasks and colleges the caller may fill (null while loading). */
  apply: ApplyScope | null
  taskSerialNum: string
  /** '' = every college the caller sees (school-level staff). */
  collegeSerialNum: string
  /** The chosen scope's submission, task and (SJ2/SJ7) implied values. */
  data: ApplyData | null
  steps: FlowStep[]
  comments: FlowComment[]
  setTask: (serial: string) => void
  setCollege: (serial: string) => void
  /** Re-reads the submission (status, check counts, audit comment). */
  refresh: () => void
  /** The scope fields every SJ call takes. */
  query: { taskSerialNum?: string; collegeSerialNum?: string }
}

/**
 * The scope of an SJ screen (scope bar): the task (the latest issued unless chosen or given in the
 * address, as the progress matrix opens it), the college (fixed for a college's staff), the
 * submission, the audit flow's steps and the comments of its audit.
 */
export function useReportScope(table: TableCode): ReportScope {
  const [params] = useSearchParams()
  const urlTask = params.get('taskSerialNum') ?? ''
  const urlCollege = params.get('collegeSerialNum') ?? ''
  const [apply, setApply] = useState<ApplyScope | null>(null)
  const [taskSerialNum, setTask] = useState(urlTask)
  const [collegeSerialNum, setCollege] = useState(urlCollege)
  const [data, setData] = useState<ApplyData | null>(null)
  const [steps, setSteps] = useState<FlowStep[]>([])
  const [comments, setComments] = useState<FlowComment[]>([])
  const [tick, setTick] = useState(0)

  // The address changes when the progress matrix opens this screen for another college.
  useEffect(() => {
    if (urlTask) setTask(urlTask)
    if (urlCollege) setCollege(urlCollege)
  }, [urlTask, urlCollege])

  useEffect(() => {
    let live = true
    call(taskApi.getReportApplyData, { query: taskSerialNum ? { taskSerialNum } : {} })
      .then((a) => {
        if (!live) return
        setApply(a)
        if (!taskSerialNum && a.task) setTask(a.task.taskSerialNum)
        if (a.callerCollege) setCollege(a.callerCollege)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [taskSerialNum])

  const query = {
    ...(taskSerialNum ? { taskSerialNum } : {}),
    ...(collegeSerialNum ? { collegeSerialNum } : {}),
  }
  const key = `${taskSerialNum}|${collegeSerialNum}`

  useEffect(() => {
    if (!taskSerialNum) return
    let live = true
    const [t, c] = key.split('|')
    const q = { taskSerialNum: t, ...(c ? { collegeSerialNum: c } : {}), current: 1, size: 1 }
    call(sjApi[table].getApplyData, { query: q })
      .then(async (d) => {
        if (!live) return
        setData(d)
        const instanceId = d.submission?.processInstanceId
        setComments(instanceId ? await quietCall(sj6Api.flowComment, { query: { instanceId } }) : [])
        setSteps(
          await quietCall(sj6Api.getFlowConfigSubInfo, { query: { taskSerialNum: t } }).catch(() => []),
        )
      })
      .catch(() => live && setData(null))
    return () => {
      live = false
    }
  }, [table, key, tick, taskSerialNum])

  const refresh = useCallback(() => setTick((n) => n + 1), [])
  return {
    apply,
    taskSerialNum,
    collegeSerialNum,
    data,
    steps,
    comments,
    setTask,
    setCollege,
    refresh,
    query,
  }
}

import { useEffect, useState } from 'react'
import { competitionApplyApi, type ApplyOptions } from '../../../shared/api/competition'
import { quietCall } from '../../shell/request'

/**
 * What the forms and filters pick from (学年, colleges, teachers, labs, the caller, the year's
 * parameter), from the apply family's `options`; null until it arrives (or when the caller cannot
 * read it).
 */
export function useApplyOptions(academicYear?: string): ApplyOptions | null {
  const [options, setOptions] = useState<ApplyOptions | null>(null)
  useEffect(() => {
    let live = true
    quietCall(competitionApplyApi.options, { query: academicYear ? { academicYear } : {} })
      .then((o) => live && setOptions(o))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [academicYear])
  return options
}

/** The options as select choices: colleges, teachers, labs. */
export function picksOf(options: ApplyOptions | null) {
  return {
    colleges: (options?.colleges ?? []).map((c) => ({ value: c.deptSerial, label: c.deptName })),
    teachers: (options?.teachers ?? []).map((t) => ({
      value: t.id,
      label: `${t.teacherName}（${t.teacherNo}）`,
    })),
    labs: options?.labs ?? [],
  }
}

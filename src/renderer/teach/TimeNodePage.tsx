import { Button } from '@fluentui/react-components'
import { ArrowSyncRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import { teachParameterApi, timeNodeApi } from '../../shared/api/teach'
import { teachTimeNodeResource } from '../../shared/resources/teach/time-node'
import { parseNumberList } from '../../shared/resources/teach/calendar'
import ResourcePage from '../resource/ResourcePage'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { call } from '../shell/request'
import { TermScreen, withoutSearch } from './shared'

const listDef = withoutSearch(teachTimeNodeResource, 'academicYearId')

function TimeNodes({ termId }: { termId: string }) {
  const can = usePermissions()
  const [signal, setSignal] = useState(0)
  const [busy, setBusy] = useState(false)
  const fixed = useMemo(() => ({ academicYearId: termId }), [termId])
  const generate = async () => {
    setBusy(true)
    try {
      const p = await call(teachParameterApi.detailByTerm, { query: { academicYearId: termId } })
      const perDay = Number(p.morningSections) + Number(p.afternoonSections) + Number(p.eveningSections)
      const count = Number(p.weeks) * parseNumberList(String(p.teachingWeekdays ?? '')).length * perDay
      if (!p.id) {
        notify.error('请先保存该学期的教学参数')
        return
      }
      if (
        !(await confirm(
          `将按教学参数生成${count}个时间节点（${p.weeks}周 × 每周上课日 × 每天${perDay}节），确定生成？`,
        ))
      )
        return
      const answer = await call(timeNodeApi.generate, { query: { academicYearId: termId } })
      notify.success(`已生成${answer.count}个时间节点，其中${answer.unavailable}个为节假日不可用`)
      setSignal((n) => n + 1)
    } catch {
      // the call showed the server's message
    } finally {
      setBusy(false)
    }
  }
  return (
    <ResourcePage
      key={termId}
      def={listDef}
      fixedQuery={fixed}
      reloadSignal={signal}
      toolbarExtra={
        can('teach_timenode_generate') ? (
          <Button icon={<ArrowSyncRegular />} disabled={busy} onClick={() => void generate()}>
            生成节点
          </Button>
        ) : null
      }
    />
  )
}

/** 时间节点: read-only nodes of a term (week, weekday, section) and 生成节点. */
export default function TimeNodePage() {
  return <TermScreen title="时间节点">{(termId) => <TimeNodes termId={termId} />}</TermScreen>
}

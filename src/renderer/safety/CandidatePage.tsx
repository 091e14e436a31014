import { Button, Dropdown, Input, Option, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular, DeleteRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import type { FieldDef } from '../../shared/resource/types'
import { planPersonResource } from '../../shared/resources/safety/exam'
import { safetyPlanApi } from '../../shared/api/safety'
import { confirm, notify, useLang, usePermissions } from '../resource/shell-adapter'
import { FieldControl } from '../resource/FieldControl'
import { useText } from '../i18n'
import { call } from '../shell/request'
import { PagedList } from './PagedList'
import { PlanPicker } from './PlanPicker'
import { saveFile } from './exporting'
import { T } from './texts'

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
    gap: tokens.spacingVerticalS,
  },
  bar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
})

/** The 院系 filter: the candidates' own 院系 field (a department tree). */
const COLLEGE = planPersonResource.fields.find((f) => f.name === 'deptSerial') as FieldDef
/** 考生管理: a plan's candidates by 院系 (its subtree), 人员类型, 考试状态, keyword; delete and export. */
export default function CandidatePage() {
  const s = useStyles()
  const text = useText()
  const lang = useLang()
  const can = usePermissions()
  const [plan, setPlan] = useState({ id: '', name: '' })
  const [draft, setDraft] = useState({ deptSerial: '', userType: '', examStatus: '', keyword: '' })
  const [filters, setFilters] = useState(draft)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [signal, setSignal] = useState(0)
  const query = useMemo(
    () => ({ planId: plan.id, ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) }),
    [plan.id, filters],
  )
  const remove = async () => {
    if (!selected.size) {
      notify.warning('请选择至少一条数据')
      return
    }
    if (!(await confirm('确定将选择数据删除?'))) return
    try {
      await call(safetyPlanApi.person.remove, { body: { planId: plan.id, ids: [...selected] } })
      notify.success('删除成功')
      setSelected(new Set())
      setSignal((n) => n + 1)
    } catch {
      // toasted (已开始考试的考生不能删除：…)
    }
  }
  return (
    <section className={s.page} aria-label={text(T.candidates)}>
      <div className={s.bar}>
        <PlanPicker value={plan.id} onChange={(id, name) => setPlan({ id, name })} />
        <div style={{ width: 220 }}>
          <FieldControl
            field={COLLEGE}
            lang={lang}
            value={draft.deptSerial}
            onChange={(v) => setDraft((d) => ({ ...d, deptSerial: String(v ?? '') }))}
            onBlur={() => undefined}
          />
        </div>
        <Dropdown
          aria-label="人员类型"
          placeholder="人员类型"
          value={{ '': '', '1': '学生', '2': '教职工' }[draft.userType]}
          selectedOptions={[draft.userType]}
          onOptionSelect={(_e, d) => setDraft((x) => ({ ...x, userType: String(d.optionValue ?? '') }))}
        >
          <Option value="">{text(T.all)}</Option>
          <Option value="1">学生</Option>
          <Option value="2">教职工</Option>
        </Dropdown>
        <Dropdown
          aria-label="考试状态"
          placeholder="考试状态"
          value={{ '': '', '0': '未参加', '1': '考试中', '2': '已交卷', '3': '缺考' }[draft.examStatus]}
          selectedOptions={[draft.examStatus]}
          onOptionSelect={(_e, d) => setDraft((x) => ({ ...x, examStatus: String(d.optionValue ?? '') }))}
        >
          <Option value="">{text(T.all)}</Option>
          <Option value="0">未参加</Option>
          <Option value="1">考试中</Option>
          <Option value="2">已交卷</Option>
          <Option value="3">缺考</Option>
        </Dropdown>
        <Input
          aria-label={text(T.keyword)}
          placeholder={text(T.keyword)}
          value={draft.keyword}
          onChange={(_e, d) => setDraft((x) => ({ ...x, keyword: d.value }))}
        />
        <Button appearance="primary" onClick={() => setFilters(draft)}>
          {text(T.search)}
        </Button>
        <Button
          onClick={() => {
            const blank = { deptSerial: '', userType: '', examStatus: '', keyword: '' }
            setDraft(blank)
            setFilters(blank)
          }}
        >
          {text(T.reset)}
        </Button>
      </div>
      <div className={s.bar} role="toolbar">
        {can('safety_planperson_delete') ? (
          <Button icon={<DeleteRegular />} disabled={!plan.id} onClick={() => void remove()}>
            {text(T.delete)}
          </Button>
        ) : null}
        {can('safety_planperson_export') ? (
          <Button
            icon={<ArrowDownloadRegular />}
            disabled={!plan.id}
            onClick={() =>
              void saveFile(
                safetyPlanApi.person.exportPerson,
                { query: query as never },
                `考生名单_${plan.name}.xlsx`,
              )
            }
          >
            {text(T.export)}
          </Button>
        ) : null}
      </div>
      <PagedList
        def={planPersonResource}
        endpoint={safetyPlanApi.person.deptPages}
        query={query}
        enabled={!!plan.id}
        reloadSignal={signal}
        selected={selected}
        onSelectedChange={setSelected}
      />
    </section>
  )
}

import {
  Badge,
  Button,
  Card,
  CardHeader,
  Field,
  Input,
  Tab,
  TabList,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import {
  competitionAppointmentApi as api,
  type EntryDetail,
  type EntryRow,
  type MemberInfo,
  type SignupDetail,
  type SignupProject,
} from '../../shared/api/competition'
import { ENTRY_MODE, ENTRY_TYPE } from '../../shared/resources/competition'
import { Facts } from '../flow/ProcessLayout'
import { call, quietCall } from '../shell/request'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { Pager } from '../resource/Pager'
import { useLang } from '../resource/shell-adapter'
import { RowActions } from './kit/actions'
import { useCodes } from './kit/dicts'
import { AreaGrid, useGridStyles, usePaged, viewDef, column as col } from './kit/grid'
import { Modal } from './kit/Modal'
import { Pick } from './kit/Pick'

/**
 * 竞赛报名 (A.5): 可报名项目 as cards (window, places left, state) and 我的报名; the personal and team
 * dialogs (members by 学号 with the name looked up, a size counter; a student leads their own team).
 */

const useStyles = makeStyles({
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    gap: tokens.spacingHorizontalM,
    overflowY: 'auto',
    flex: 1,
    alignContent: 'start',
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
  member: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  error: { color: tokens.colorPaletteRedForeground1 },
})

const RECORDS = viewDef('competitionEntryList', { zh: '我的报名', en: 'My entries' }, [
  col('projectName', '竞赛项目', 180),
  col('typeText', '报名类型', 80),
  col('teamName', '团队名称'),
  col('leaderName', '队长/姓名', 90),
  col('memberNames', '成员', 200),
  col('workTitle', '作品名称'),
  col('teacherNames', '指导教师'),
  col('stage', '状态', 110),
  col('createTime', '报名时间', 160),
])

const STATE_COLOR: Record<string, 'success' | 'warning' | 'informative' | 'danger'> = {
  报名中: 'success',
  未开始: 'informative',
  已截止: 'warning',
  已满: 'danger',
}

type Dialog = { kind: 'personal' | 'group'; projectId: string; id?: string; view?: boolean } | null

export default function SignupPage() {
  const g = useGridStyles()
  const can = usePermissions()
  const [tab, setTab] = useState<'projects' | 'records'>('projects')
  const [dialog, setDialog] = useState<Dialog>(null)
  const [tick, setTick] = useState(0)
  const done = () => {
    setDialog(null)
    setTick((t) => t + 1)
  }
  return (
    <section className={g.page} aria-label="竞赛报名">
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as typeof tab)}>
        <Tab value="projects">可报名项目</Tab>
        <Tab value="records">我的报名</Tab>
      </TabList>
      {tab === 'projects' ? (
        <ProjectCards
          tick={tick}
          canPersonal={can('competition_appointment_addpersonal')}
          canGroup={can('competition_appointment_addgroup')}
          onOpen={setDialog}
        />
      ) : (
        <Records tick={tick} onOpen={setDialog} onChanged={() => setTick((t) => t + 1)} />
      )}
      {dialog ? <EntryDialog {...dialog} onClose={() => setDialog(null)} onSaved={done} /> : null}
    </section>
  )
}

function ProjectCards({
  tick,
  canPersonal,
  canGroup,
  onOpen,
}: {
  tick: number
  canPersonal: boolean
  canGroup: boolean
  onOpen: (d: Dialog) => void
}) {
  const s = useStyles()
  const g = useGridStyles()
  const lang = useLang()
  const levels = useCodes('level')
  const modes = useCodes('entryMode')
  const [name, setName] = useState('')
  const paged = usePaged(
    (p) => call(api.projectPage, { query: { ...p, projectName: name } }),
    `${name}|${tick}`,
  )
  return (
    <>
      <div className={g.bar}>
        <Input
          aria-label="竞赛项目名称"
          placeholder="竞赛项目名称"
          value={name}
          onChange={(_, d) => setName(d.value)}
        />
      </div>
      <div className={s.cards} role="list" aria-label="可报名项目">
        {!paged.loading && !paged.rows.length ? <span className={s.muted}>暂无可报名的竞赛项目</span> : null}
        {paged.rows.map((p: SignupProject) => (
          <Card key={p.id} className={s.card} role="listitem" aria-label={p.projectName}>
            <CardHeader
              header={<Text weight="semibold">{p.projectName}</Text>}
              description={<span className={s.muted}>{p.competitionName}</span>}
              action={
                <Badge appearance="tint" color={STATE_COLOR[p.signupState] ?? 'informative'}>
                  {p.signupState}
                </Badge>
              }
            />
            <span>
              {levels.label(p.competitionLevel)} · {modes.label(p.entryMode)}
              {p.entryMode !== ENTRY_MODE.personal && p.minMembers
                ? `（${p.minMembers}–${p.maxMembers}人）`
                : ''}
            </span>
            <span className={s.muted}>
              报名时间：{p.signupStart?.slice(0, 16)} 至 {p.signupEnd?.slice(0, 16)}
            </span>
            <span className={s.muted}>
              名额：{p.maxEntries ? `${p.maxEntries}（剩余 ${p.placesLeft ?? 0}）` : '不限'} · 已报名{' '}
              {p.entryCount}
            </span>
            <span className={s.muted}>
              {p.deptName} · 负责教师 {p.leaderName}
            </span>
            <div className={s.buttons}>
              {p.myEntryId ? (
                <Button
                  size="small"
                  onClick={() =>
                    onOpen({
                      kind: p.myEntryType === ENTRY_TYPE.team ? 'group' : 'personal',
                      projectId: p.id,
                      id: p.myEntryId!,
                      view: true,
                    })
                  }
                >
                  已报名，查看
                </Button>
              ) : (
                <>
                  {canPersonal && p.entryMode !== ENTRY_MODE.team ? (
                    <Button
                      size="small"
                      appearance="primary"
                      onClick={() => onOpen({ kind: 'personal', projectId: p.id })}
                    >
                      个人报名
                    </Button>
                  ) : null}
                  {canGroup && p.entryMode !== ENTRY_MODE.personal ? (
                    <Button
                      size="small"
                      appearance="primary"
                      onClick={() => onOpen({ kind: 'group', projectId: p.id })}
                    >
                      团队报名
                    </Button>
                  ) : null}
                </>
              )}
            </div>
          </Card>
        ))}
      </div>
      <Pager
        lang={lang}
        total={paged.total}
        current={paged.paging.current}
        size={paged.paging.size}
        onChange={(current, size) => paged.setPaging({ current, size })}
      />
    </>
  )
}

function Records({
  tick,
  onOpen,
  onChanged,
}: {
  tick: number
  onOpen: (d: Dialog) => void
  onChanged: () => void
}) {
  const g = useGridStyles()
  const can = usePermissions()
  const [keyword, setKeyword] = useState('')
  const paged = usePaged((p) => call(api.recordPage, { query: { ...p, keyword } }), `${keyword}|${tick}`)
  const rows = paged.rows.map((r) => ({ ...r, typeText: r.entryType === ENTRY_TYPE.team ? '团队' : '个人' }))
  const remove = async (row: EntryRow) => {
    if (!(await confirm(`确定删除「${row.projectName}」的报名吗？`))) return
    try {
      const endpoint = row.entryType === ENTRY_TYPE.team ? api.removeGroup : api.removePersonal
      await call(endpoint, { query: { ids: row.id } })
      notify.success('删除成功')
      onChanged()
    } catch {
      // shown
    }
  }
  return (
    <>
      <div className={g.bar}>
        <Input
          aria-label="关键字"
          placeholder="项目、团队、学号或姓名"
          value={keyword}
          onChange={(_, d) => setKeyword(d.value)}
        />
      </div>
      <AreaGrid
        def={RECORDS}
        rows={rows}
        loading={paged.loading}
        error={paged.error}
        onRetry={paged.reload}
        paged={paged as never}
        buttonsWidth={180}
        buttons={(row) => {
          const team = row.entryType === ENTRY_TYPE.team
          const kind = team ? 'group' : 'personal'
          const suffix = team ? 'group' : 'personal'
          return (
            <RowActions
              actions={[
                {
                  label: '查看',
                  show: can(`competition_appointment_view${suffix}`),
                  onClick: () => onOpen({ kind, projectId: row.projectId!, id: row.id, view: true }),
                },
                {
                  label: '编辑',
                  show: can(`competition_appointment_edit${suffix}`) && row.canEdit,
                  onClick: () => onOpen({ kind, projectId: row.projectId!, id: row.id }),
                },
                {
                  label: '删除',
                  show: can(`competition_appointment_delete${suffix}`) && row.canEdit,
                  onClick: () => void remove(row),
                },
              ]}
            />
          )
        }}
      />
    </>
  )
}

interface MemberLine {
  studentNo: string
  info: MemberInfo | null
  error: string
}

/** 个人报名 / 团队报名 (add, edit, view). */
function EntryDialog({
  kind,
  projectId,
  id,
  view,
  onClose,
  onSaved,
}: {
  kind: 'personal' | 'group'
  projectId: string
  id?: string
  view?: boolean
  onClose: () => void
  onSaved: () => void
}) {
  const s = useStyles()
  const team = kind === 'group'
  const [project, setProject] = useState<SignupDetail | null>(null)
  const [entry, setEntry] = useState<EntryDetail | null>(null)
  const [teamName, setTeamName] = useState('')
  const [leader, setLeader] = useState<MemberLine>({ studentNo: '', info: null, error: '' })
  const [members, setMembers] = useState<MemberLine[]>([])
  const [workTitle, setWorkTitle] = useState('')
  const [phone, setPhone] = useState('')
  const [teachers, setTeachers] = useState('')
  const [remark, setRemark] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    void (async () => {
      const p = await call(api.getApplyDetail, { query: { projectId } })
      if (!live) return
      setProject(p)
      if (id) {
        const e = await call(team ? api.detailGroup : api.detailPersonal, { query: { id } })
        if (!live) return
        setEntry(e)
        setTeamName(e.teamName ?? '')
        const lead = e.members.find((m) => m.isLeader === 1) ?? e.members[0]
        setLeader({ studentNo: lead?.studentNo ?? '', info: lead ?? null, error: '' })
        setMembers(
          e.members.filter((m) => m !== lead).map((m) => ({ studentNo: m.studentNo, info: m, error: '' })),
        )
        setWorkTitle(e.workTitle ?? '')
        setPhone(e.phone ?? '')
        setTeachers(e.instructorTeacherIds ?? '')
        setRemark(e.remark ?? '')
      } else if (p.me) {
        setLeader({ studentNo: p.me.studentNo, info: p.me, error: '' })
      }
    })().catch(() => onClose())
    return () => {
      live = false
    }
    // once per dialog
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, id])

  const lookup = async (no: string): Promise<MemberLine> => {
    const studentNo = no.trim()
    if (!studentNo) return { studentNo, info: null, error: '' }
    try {
      const info = await quietCall(api.memberLookup, { query: { studentNo } })
      return { studentNo, info, error: '' }
    } catch {
      return { studentNo, info: null, error: `学号${studentNo}不存在` }
    }
  }

  const fixedLeader = !!project?.me && !project.staff
  const size = (leader.studentNo ? 1 : 0) + members.filter((m) => m.studentNo.trim()).length
  const max = project?.maxMembers ?? 10

  const save = async () => {
    if (!project) return
    setBusy(true)
    try {
      const common = {
        ...(id ? { id } : {}),
        projectId,
        instructorTeacherIds: teachers,
        workTitle: workTitle || null,
        phone: phone || null,
        remark: remark || null,
      }
      if (team) {
        const body = {
          ...common,
          teamName,
          ...(fixedLeader ? {} : { leaderStudentNo: leader.studentNo.trim() }),
          memberNos: members.map((m) => m.studentNo.trim()).filter(Boolean),
        }
        await call(id ? api.updateGroup : api.saveGroup, { body })
      } else {
        const body = { ...common, ...(fixedLeader ? {} : { studentNo: leader.studentNo.trim() }) }
        await call(id ? api.updatePersonal : api.savePersonal, { body })
      }
      notify.success(id ? '修改成功' : '报名成功')
      onSaved()
    } catch {
      // shown
    } finally {
      setBusy(false)
    }
  }

  const teacherOptions = (project?.teachers ?? []).map((t) => ({ value: t.id, label: t.teacherName }))
  const title = `${team ? '团队报名' : '个人报名'}${project ? `：${project.projectName}` : ''}`
  const nameOf = (m: MemberLine) =>
    m.info ? `${m.info.studentName}（${m.info.className || m.info.deptName}）` : m.error

  return (
    <Modal
      title={title}
      width={720}
      onClose={onClose}
      busy={busy}
      actions={
        view ? undefined : (
          <>
            <Button onClick={onClose} disabled={busy}>
              取消
            </Button>
            <Button appearance="primary" onClick={() => void save()} disabled={busy || !project}>
              {id ? '保存' : '提交报名'}
            </Button>
          </>
        )
      }
    >
      {project && !id && !project.canSignup && project.reason ? (
        <span className={s.error}>{project.reason}</span>
      ) : null}
      {entry && view ? <Facts rows={[['状态', entry.stage]]} /> : null}
      {team ? (
        <Field label="团队名称" required>
          <Input value={teamName} disabled={view} onChange={(_, d) => setTeamName(d.value)} maxLength={50} />
        </Field>
      ) : null}
      <Field label={team ? '队长学号' : '学号'} required validationMessage={leader.error || undefined}>
        <div className={s.member}>
          <Input
            aria-label={team ? '队长学号' : '学号'}
            value={leader.studentNo}
            disabled={view || fixedLeader || !!id}
            onChange={(_, d) => setLeader({ studentNo: d.value, info: null, error: '' })}
            onBlur={() => void lookup(leader.studentNo).then(setLeader)}
          />
          <span>{leader.info ? nameOf(leader) : ''}</span>
        </div>
      </Field>
      {team ? (
        <Field label={`团队成员（${size}/${max}，含队长）`}>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
            {members.map((m, i) => (
              <div key={i} className={s.member}>
                <Input
                  aria-label={`成员学号${i + 1}`}
                  placeholder="学号"
                  value={m.studentNo}
                  disabled={view}
                  onChange={(_, d) =>
                    setMembers((list) =>
                      list.map((x, j) => (j === i ? { studentNo: d.value, info: null, error: '' } : x)),
                    )
                  }
                  onBlur={() =>
                    void lookup(m.studentNo).then((line) =>
                      setMembers((list) => list.map((x, j) => (j === i ? line : x))),
                    )
                  }
                />
                <span className={m.error ? s.error : undefined}>{nameOf(m)}</span>
                {!view ? (
                  <Button
                    size="small"
                    appearance="subtle"
                    aria-label="移除成员"
                    icon={<DeleteRegular />}
                    onClick={() => setMembers((list) => list.filter((_, j) => j !== i))}
                  />
                ) : null}
              </div>
            ))}
            {!view ? (
              <div>
                <Button
                  size="small"
                  icon={<AddRegular />}
                  disabled={size >= max}
                  onClick={() => setMembers((list) => [...list, { studentNo: '', info: null, error: '' }])}
                >
                  添加成员
                </Button>
              </div>
            ) : null}
          </div>
        </Field>
      ) : null}
      <Field label="作品名称">
        <Input value={workTitle} disabled={view} onChange={(_, d) => setWorkTitle(d.value)} maxLength={100} />
      </Field>
      <Field label="联系电话">
        <Input value={phone} disabled={view} onChange={(_, d) => setPhone(d.value)} maxLength={11} />
      </Field>
      <Field label="指导教师（最多2人）">
        <Pick
          label="指导教师"
          multi
          disabled={view}
          options={teacherOptions}
          value={teachers}
          onChange={setTeachers}
        />
      </Field>
      <Field label="备注">
        <Textarea value={remark} disabled={view} onChange={(_, d) => setRemark(d.value)} maxLength={200} />
      </Field>
    </Modal>
  )
}

import { Button, Checkbox, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useMemo, useState } from 'react'
import {
  batchAssStudentApi,
  newBatchPlanApi,
  type BatchView,
  type CollisionNote,
  type PlanInfo,
} from '../../../shared/api/schedule'
import { call, quietCall } from '../../shell/request'
import { notify } from '../../shell/notify'
import { Modal } from './BatchDialogs'
import type { Lang } from './common'
import { TX } from './texts'

const useStyles = makeStyles({
  lists: {
    display: 'grid',
    gridTemplateColumns: '1fr auto 1fr',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
  list: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    height: '300px',
    overflow: 'auto',
    padding: tokens.spacingVerticalXS,
    display: 'flex',
    flexDirection: 'column',
  },
  moves: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingTop: '80px' },
})

/**
 * 分配学生: the batch's students and the others of its classes, class by class, moved between two lists;
 * 整班 clears the assignment (the whole classes take part).
 */
export function AssignStudentsDialog({
  plan,
  lang,
  onClose,
}: {
  plan: BatchView
  lang: Lang
  onClose: (notes: CollisionNote[] | null) => void
}) {
  const s = useStyles()
  const [info, setInfo] = useState<PlanInfo | null>(null)
  const [mine, setMine] = useState<Set<string>>(new Set())
  const [classNo, setClassNo] = useState('')
  const [pickIn, setPickIn] = useState<Set<string>>(new Set())
  const [pickOut, setPickOut] = useState<Set<string>>(new Set())
  useEffect(() => {
    quietCall(newBatchPlanApi.planInfo, { query: { coursePlanProjectId: String(plan.coursePlanProjectId) } })
      .then((i) => {
        setInfo(i)
        const classes = String(plan.classNos ?? '')
          .split(',')
          .filter(Boolean)
        setClassNo(classes[0] ?? '')
        // The batch as planInfo reads it (with its students): list rows come without them.
        const fresh = i.batches.find((b) => b.id === plan.id) ?? plan
        setMine(
          new Set(
            Number(fresh.assigned) === 1
              ? fresh.studentNos
              : i.classes
                  .filter((c) => classes.includes(c.classNo))
                  .flatMap((c) => c.students.map((x) => x.studentNo)),
          ),
        )
      })
      .catch(() => setInfo(null))
  }, [plan])
  const students = useMemo(
    () => info?.classes.find((c) => c.classNo === classNo)?.students ?? [],
    [info, classNo],
  )
  const batchName = (id: string | null) => info?.batches.find((b) => b.id === id)?.batchName ?? ''
  const save = async (studentNos: string[]) => {
    try {
      const reply = await call(batchAssStudentApi.saveList, { body: [{ batchPlanId: plan.id, studentNos }] })
      notify.success(TX.saved[lang])
      onClose(reply.collisions)
    } catch {
      // shown by the request helper
    }
  }
  const toggle = (set: Set<string>, no: string) => {
    const next = new Set(set)
    if (next.has(no)) next.delete(no)
    else next.add(no)
    return next
  }
  return (
    <Modal
      title={`${TX.assign[lang]}：${plan.projectName} ${plan.batchName}`}
      width={860}
      onClose={() => onClose(null)}
      actions={
        <>
          <Button appearance="primary" onClick={() => save([...mine])}>
            {TX.save[lang]}
          </Button>
          <Button onClick={() => save([])}>{TX.wholeClasses[lang]}</Button>
          <Button onClick={() => onClose(null)}>{TX.cancel[lang]}</Button>
        </>
      }
    >
      <TabList selectedValue={classNo} onTabSelect={(_, d) => setClassNo(String(d.value))}>
        {String(plan.classNos ?? '')
          .split(',')
          .filter(Boolean)
          .map((c) => (
            <Tab key={c} value={c}>
              {c}
            </Tab>
          ))}
      </TabList>
      <div className={s.lists}>
        <div>
          <Text weight="semibold">
            {TX.inBatch[lang]}（{students.filter((x) => mine.has(x.studentNo)).length}）
          </Text>
          <div className={s.list} role="list" aria-label={TX.inBatch[lang]}>
            {students
              .filter((x) => mine.has(x.studentNo))
              .map((x) => (
                <Checkbox
                  key={x.studentNo}
                  label={`${x.studentNo} ${x.studentName}`}
                  checked={pickOut.has(x.studentNo)}
                  onChange={() => setPickOut(toggle(pickOut, x.studentNo))}
                />
              ))}
          </div>
        </div>
        <div className={s.moves}>
          <Button
            onClick={() => {
              setMine(new Set([...mine, ...pickIn]))
              setPickIn(new Set())
            }}
          >
            {TX.moveIn[lang]}
          </Button>
          <Button
            onClick={() => {
              setMine(new Set([...mine].filter((n) => !pickOut.has(n))))
              setPickOut(new Set())
            }}
          >
            {TX.moveOut[lang]}
          </Button>
        </div>
        <div>
          <Text weight="semibold">
            {TX.notInBatch[lang]}（{students.filter((x) => !mine.has(x.studentNo)).length}）
          </Text>
          <div className={s.list} role="list" aria-label={TX.notInBatch[lang]}>
            {students
              .filter((x) => !mine.has(x.studentNo))
              .map((x) => (
                <Checkbox
                  key={x.studentNo}
                  label={`${x.studentNo} ${x.studentName}${x.batchPlanId && x.batchPlanId !== plan.id ? `（${batchName(x.batchPlanId)}）` : ''}`}
                  checked={pickIn.has(x.studentNo)}
                  onChange={() => setPickIn(toggle(pickIn, x.studentNo))}
                />
              ))}
          </div>
        </div>
      </div>
    </Modal>
  )
}

import {
  Button,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowDownloadRegular, LockClosedRegular, LockOpenRegular } from '@fluentui/react-icons'
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import type { courseInspectionApi, LockState } from '../../shared/api/quality'
import { SHEET_NAMES, type Sheet } from '../../shared/resources/quality/inspection'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { call, quietCall } from '../shell/request'
import { TermPicker, useTerm } from '../teach/schedule/common'

/** The calls every sheet has: 抽取数据, 锁定/解锁 and the lock state. */
type SheetCalls = Pick<typeof courseInspectionApi, 'extractData' | 'lockingData' | 'lockStatus'>

const MENU: Record<Sheet, string> = {
  course: 'quality_inspectioncourse',
  room: 'quality_inspectionroom',
  situation: 'quality_inspectionsituation',
}

export const useSheetStyles = makeStyles({
  screen: { height: '100%', minHeight: 0, display: 'flex', flexDirection: 'column' },
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} 0`,
  },
  banner: { margin: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} 0` },
  body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
})

/** One sheet of the chosen term: its lock state and a counter that bumps after extract or (un)lock. */
export function useSheet(api: SheetCalls) {
  const { terms, termId, setTermId } = useTerm()
  const [lock, setLock] = useState<LockState | null>(null)
  const [version, setVersion] = useState(0)
  const refresh = useCallback(() => setVersion((n) => n + 1), [])
  useEffect(() => {
    if (!termId) return
    let live = true
    quietCall(api.lockStatus, { query: { academicYearId: termId } })
      .then((state) => live && setLock(state))
      .catch(() => live && setLock(null))
    return () => {
      live = false
    }
  }, [api, termId, version])
  return { terms, termId, setTermId, lock, version, refresh }
}

/**
 * The bar above a sheet: 学年学期, 抽取数据 and 锁定 (解锁 once locked), and the lock banner naming
 * the term, who locked it and when.
 */
export function SheetBar({
  sheet,
  api,
  state,
  extra,
}: {
  sheet: Sheet
  api: SheetCalls
  state: ReturnType<typeof useSheet>
  extra?: ReactNode
}) {
  const s = useSheetStyles()
  const can = usePermissions()
  const [busy, setBusy] = useState(false)
  const { terms, termId, setTermId, lock, refresh } = state
  const mine = lock?.sheets[sheet]
  const name = SHEET_NAMES[sheet]
  const termName = lock?.termName ?? ''

  const run = async (question: string, work: () => Promise<void>) => {
    if (!(await confirm(question))) return
    setBusy(true)
    try {
      await work()
    } catch {
      // the request helper has shown the server's message
    } finally {
      setBusy(false)
      refresh()
    }
  }
  const extract = () =>
    run(
      `确定从${termName}的${sheet === 'situation' ? '课程检查和实验室检查' : '排课数据'}抽取${name}数据? 已录入的检查结果会保留。`,
      async () => {
        const r = await call(api.extractData, { query: { academicYearId: termId } })
        notify.success(
          '抽取完成',
          `新增${r.added}条，更新${r.updated}条${r.flagged ? `，${r.flagged}条来源数据已删除` : ''}`,
        )
      },
    )
  const toggleLock = (locked: boolean) =>
    run(locked ? `确定锁定${termName}${name}? 锁定后不能修改。` : `确定解锁${termName}${name}?`, async () => {
      await call(api.lockingData, { query: { academicYearId: termId, locked: locked ? '1' : '0' } })
      notify.success(locked ? '锁定成功' : '解锁成功')
    })

  return (
    <>
      <div className={s.bar}>
        <span>学年学期</span>
        <TermPicker terms={terms} value={termId} onChange={setTermId} label="学年学期" />
        {can(`${MENU[sheet]}_extract`) ? (
          <Button icon={<ArrowDownloadRegular />} disabled={busy || !termId} onClick={() => void extract()}>
            抽取数据
          </Button>
        ) : null}
        {can(`${MENU[sheet]}_lock`) ? (
          mine?.locked ? (
            <Button icon={<LockOpenRegular />} disabled={busy} onClick={() => void toggleLock(false)}>
              解锁
            </Button>
          ) : (
            <Button
              appearance="primary"
              icon={<LockClosedRegular />}
              disabled={busy || !termId}
              onClick={() => void toggleLock(true)}
            >
              锁定
            </Button>
          )
        ) : null}
        {extra}
      </div>
      {mine?.locked ? (
        <MessageBar intent="warning" className={s.banner} aria-label="锁定状态">
          <MessageBarBody>
            <MessageBarTitle>
              {termName}
              {name}已锁定
            </MessageBarTitle>
            {mine.lockedBy ? `${mine.lockedBy}于${mine.lockedTime ?? ''}锁定，` : ''}
            不能再抽取或修改；只有管理员可以解锁。
          </MessageBarBody>
        </MessageBar>
      ) : (
        <MessageBar intent="info" className={s.banner} aria-label="锁定状态">
          <MessageBarBody>
            {termName}
            {name}未锁定：抽取数据会更新来源数据并保留已录入的检查结果。
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  )
}

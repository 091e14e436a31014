import { Button } from '@fluentui/react-components'
import { useState } from 'react'
import { useT, type MessageKey } from '../i18n'
import { baseActionsApi, type AccountResult } from '../../shared/api/base'
import { call } from '../shell/request'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'

type Say = (key: MessageKey) => string

const summary = (r: AccountResult, say: Say) =>
  say('base.accounts').replace('{created}', String(r.created)).replace('{linked}', String(r.linked))

/** 同步用户: every teacher and student of the tenant gets a sign-in account (POST task/syncToUser). */
export function SyncUsersButton({ permission }: { permission: string }) {
  const can = usePermissions()
  const say = useT()
  const [busy, setBusy] = useState(false)
  if (!can(permission)) return null
  const run = async () => {
    if (!(await confirm(say('base.sync.confirm')))) return
    setBusy(true)
    try {
      const r = await call(baseActionsApi.syncToUser)
      notify.success(
        say('base.sync.done'),
        say('base.sync.summary')
          .replace('{teachers}', summary(r.teacher, say))
          .replace('{students}', summary(r.student, say)),
      )
    } catch {
      // the request helper has shown the server's message
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button disabled={busy} onClick={() => void run()}>
      {say('base.sync')}
    </Button>
  )
}

/** 生成账号 on one teacher row (POST systeacher/toUser). */
export function TeacherAccountButton({ id }: { id: string }) {
  const can = usePermissions()
  const say = useT()
  if (!can('base_teacher_touser')) return null
  const run = async () => {
    try {
      const r = await call(baseActionsApi.teacherToUser, { query: { ids: id } })
      notify.success(say('base.teacher.toUserDone'), summary(r, say))
    } catch {
      // shown by the request helper
    }
  }
  return (
    <Button size="small" appearance="transparent" onClick={() => void run()}>
      {say('base.teacher.toUser')}
    </Button>
  )
}

/** 设为当前 on one academic term row (POST academic/current). */
export function CurrentTermButton({ id, onDone }: { id: string; onDone: () => void }) {
  const can = usePermissions()
  const say = useT()
  if (!can('base_academic_edit')) return null
  const run = async () => {
    try {
      await call(baseActionsApi.currentTerm, { query: { id } })
      notify.success(say('base.academic.madeCurrent'))
      onDone()
    } catch {
      // shown by the request helper
    }
  }
  return (
    <Button size="small" appearance="transparent" onClick={() => void run()}>
      {say('base.academic.makeCurrent')}
    </Button>
  )
}

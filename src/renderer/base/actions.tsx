import { Button } from '@fluentui/react-components'
import { useState } from 'react'
import { confirm, notify, request, useLang, usePermissions } from '../resource/shell-adapter'

interface AccountResult {
  created: number
  linked: number
  unchanged: number
}

const summary = (r: AccountResult, zh: boolean) =>
  zh
    ? `新建账号${r.created}个，关联已有账号${r.linked}个`
    : `${r.created} accounts created, ${r.linked} linked`

/** 同步用户: every teacher and student of the tenant gets a sign-in account (POST task/syncToUser). */
export function SyncUsersButton({ permission }: { permission: string }) {
  const can = usePermissions()
  const zh = useLang() === 'zh'
  const [busy, setBusy] = useState(false)
  if (!can(permission)) return null
  const run = async () => {
    if (
      !(await confirm(
        zh
          ? '确定为全部教师和学生生成或关联登录账号?'
          : 'Create or link sign-in accounts for every teacher and student?',
      ))
    )
      return
    setBusy(true)
    try {
      const r = await request<{ teacher: AccountResult; student: AccountResult }>({
        method: 'POST',
        path: '/api/basedata/task/syncToUser',
        query: {},
      })
      notify.success(
        zh ? '同步完成' : 'Synchronised',
        `${zh ? '教师' : 'Teachers'}: ${summary(r.teacher, zh)}; ${zh ? '学生' : 'Students'}: ${summary(r.student, zh)}`,
      )
    } catch {
      // the request helper has shown the server's message
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button disabled={busy} onClick={() => void run()}>
      {zh ? '同步用户' : 'Sync to users'}
    </Button>
  )
}

/** 生成账号 on one teacher row (POST systeacher/toUser). */
export function TeacherAccountButton({ id }: { id: string }) {
  const can = usePermissions()
  const zh = useLang() === 'zh'
  if (!can('base_teacher_touser')) return null
  const run = async () => {
    try {
      const r = await request<AccountResult>({
        method: 'POST',
        path: '/api/basedata/systeacher/toUser',
        query: { ids: id },
      })
      notify.success(zh ? '生成账号成功' : 'Account ready', summary(r, zh))
    } catch {
      // shown by the request helper
    }
  }
  return (
    <Button size="small" appearance="transparent" onClick={() => void run()}>
      {zh ? '生成账号' : 'Create account'}
    </Button>
  )
}

/** 设为当前 on one academic term row (POST academic/current). */
export function CurrentTermButton({ id, onDone }: { id: string; onDone: () => void }) {
  const can = usePermissions()
  const zh = useLang() === 'zh'
  if (!can('base_academic_edit')) return null
  const run = async () => {
    try {
      await request({ method: 'POST', path: '/api/system/academic/current', query: { id } })
      notify.success(zh ? '已设为当前学期' : 'Set as the current term')
      onDone()
    } catch {
      // shown by the request helper
    }
  }
  return (
    <Button size="small" appearance="transparent" onClick={() => void run()}>
      {zh ? '设为当前' : 'Make current'}
    </Button>
  )
}

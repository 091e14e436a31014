import { useEffect, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Select,
} from '@fluentui/react-components'
import { useT } from '../../i18n'
import { notify } from '../../shell/notify'
import { shellApi, type SwitchOption as Option } from '../../../shared/api/shell'
import { quietCall, showCallError } from '../../shell/request'
import { useSession, useUser } from '../../shell/session'

/** Switch department and role (only offered with switch mode on): refreshes the token. */
export function SwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT()
  const user = useUser()
  const [depts, setDepts] = useState<Option[]>([])
  const [roles, setRoles] = useState<Option[]>([])
  const [deptId, setDeptId] = useState('')
  const [roleId, setRoleId] = useState('')
  const [errors, setErrors] = useState<{ dept?: string; role?: string }>({})

  useEffect(() => {
    if (!open || !user) return
    void quietCall(shellApi.deptSelect, { query: { userId: user.userId } })
      .then((rows) => setDepts(rows ?? []))
      .catch(() => setDepts([]))
    void quietCall(shellApi.roleSelect, { query: { userId: user.userId } })
      .then((rows) => setRoles(rows ?? []))
      .catch(() => setRoles([]))
  }, [open, user])

  const submit = async () => {
    const found = {
      dept: deptId ? undefined : t('validate.deptRequired'),
      role: roleId ? undefined : t('validate.roleRequired'),
    }
    setErrors(found)
    if (found.dept || found.role) return
    try {
      const state = await window.api.session.switch({ deptId, roleId })
      useSession.getState().apply(state)
      notify.success(t('switch.done'))
      onClose()
    } catch (error) {
      showCallError(error)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 440 }}>
        <DialogBody>
          <DialogTitle>{t('switch.title')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Field label={t('switch.dept')} required validationMessage={errors.dept}>
              <Select value={deptId} onChange={(_, d) => setDeptId(d.value)}>
                <option value="" />
                {depts.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.deptName ?? d.id}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('switch.role')} required validationMessage={errors.role}>
              <Select value={roleId} onChange={(_, d) => setRoleId(d.value)}>
                <option value="" />
                {roles.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.roleName ?? r.id}
                  </option>
                ))}
              </Select>
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button appearance="primary" onClick={() => void submit()}>
              {t('common.submit')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

import { Button } from '@fluentui/react-components'
import { ArrowSyncRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { labRoomApi } from '../../shared/api/lab'
import { labRoomResource } from '../../shared/resources/lab/lab-room'
import ResourcePage from '../resource/ResourcePage'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { call } from '../shell/request'

/** 实验房间: the list-and-edit page with 同步设备 (设备台件/设备金额 from the equipment register). */
export default function RoomPage() {
  const can = usePermissions()
  const [busy, setBusy] = useState(false)
  const [reload, setReload] = useState(0)
  const sync = async () => {
    if (!(await confirm('确定按仪器设备台账重新统计各房间的设备台件和金额?'))) return
    setBusy(true)
    try {
      const r = await call(labRoomApi.equipmentSyncToRoom)
      notify.success('同步完成', `已同步${r.rooms}个房间的设备（共${r.equipment}台件）`)
      setReload((n) => n + 1)
    } catch {
      // the request helper has shown the server's message
    } finally {
      setBusy(false)
    }
  }
  return (
    <ResourcePage
      def={labRoomResource}
      reloadSignal={reload}
      toolbarExtra={
        can('lab_labroom_sync') ? (
          <Button icon={<ArrowSyncRegular />} disabled={busy} onClick={() => void sync()}>
            同步设备
          </Button>
        ) : null
      }
    />
  )
}

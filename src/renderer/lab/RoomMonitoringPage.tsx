import { useMemo, useState } from 'react'
import { roomMonitoringApi, type RoomTreeNode } from '../../shared/api/lab'
import { roomMonitoringResource } from '../../shared/resources/lab/room-monitoring'
import ResourcePage from '../resource/ResourcePage'
import { SideTreeLayout } from '../system/SideTree'

/** The rooms of a tree node: itself when it is a room, else every room below it. */
function roomsUnder(node: RoomTreeNode): string[] {
  if (node.type === 'room') return [node.id]
  return (node.children ?? []).flatMap(roomsUnder)
}

/**
 * 房间监控: the lab → room tree on the left (`room-tree`), the devices of the chosen lab's rooms or
 * of the chosen room on the right; a device added with a room chosen starts in that room.
 */
export default function RoomMonitoringPage() {
  const [chosen, setChosen] = useState<{ id: string; node: RoomTreeNode } | null>(null)
  const query = useMemo(() => {
    if (!chosen) return undefined
    const ids = roomsUnder(chosen.node)
    return { roomIds: ids.length ? ids.join(',') : 'none' }
  }, [chosen])
  const room = chosen?.node.type === 'room' ? chosen.id : null
  return (
    <SideTreeLayout
      label="实验室与房间"
      tree={roomMonitoringApi.roomTree}
      chosen={chosen?.id ?? null}
      onChoose={(id, node) => setChosen(id && node ? { id, node: node as RoomTreeNode } : null)}
    >
      <ResourcePage
        def={roomMonitoringResource}
        fixedQuery={query}
        addPreset={room ? { roomId: room } : undefined}
      />
    </SideTreeLayout>
  )
}

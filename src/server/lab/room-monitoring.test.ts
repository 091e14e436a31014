import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { addColleges } from '../base/testing'
import { addLab, addRoom } from './testing'

let t: TestServer
let api: Api

beforeAll(async () => {
  t = await startTestServer()
  api = t.api(await t.login())
  await addColleges(t.database.db, '000000', [['0301', '电子信息学院']])
})
afterAll(() => t?.close())

const names = (res: { body: { data: { records: { monitorName: string }[] } } }) =>
  res.body.data.records.map((r) => r.monitorName).sort()

describe('房间监控 (lab_room_monitoring)', () => {
  it('shows labs → rooms as a tree, lists the devices of the chosen rooms and imports all or nothing', async () => {
    const centre = await addLab(api, { labName: '监控实验中心', deptSerial: '0301', labKind: 1 })
    const lab = await addLab(api, { labName: '监控电路实验室', deptSerial: '0301', parentId: centre.id })
    const empty = await addLab(api, { labName: '监控空实验室', deptSerial: '0301' })
    const a = await addRoom(api, { roomNo: 'M101', labId: lab.id })
    const b = await addRoom(api, { roomNo: 'M102', labId: centre.id })

    const picks = await api.get('/api/lab/roommonitoring/room-monitoring-select', { labId: lab.id })
    expect(picks.body.data).toEqual([
      { id: a, roomNo: 'M101', roomName: '房间M101', labName: '监控电路实验室' },
    ])

    const saved = await api.post('/api/lab/roommonitoring/submit', {
      body: { roomId: a, monitorName: '前门摄像头', monitorType: 1, ip: '10.0.0.8' },
    })
    expect(saved.status, saved.body.msg).toBe(200)
    const badIp = await api.post('/api/lab/roommonitoring/submit', {
      body: { roomId: a, monitorName: '后门摄像头', monitorType: 1, ip: '10.0.0.300' },
    })
    expect(badIp.status).toBe(400)
    expect(badIp.body.msg).toContain('IP地址格式不正确')

    // import: one bad row refuses the file; then the good file goes in
    const refused = await api.post('/api/lab/roommonitoring/saveImportData', {
      body: [
        { roomId: b, monitorName: '门禁控制器', monitorType: 1 },
        { roomId: b, monitorType: 1 },
      ],
    })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toContain('第3行')
    expect(names(await api.get('/api/lab/roommonitoring/page', { roomIds: b }))).toEqual([])
    const imported = await api.post('/api/lab/roommonitoring/saveImportData', {
      body: [{ roomId: b, monitorName: '门禁控制器', monitorType: 1 }],
    })
    expect(imported.status, imported.body.msg).toBe(200)

    const tree = await api.get('/api/lab/roommonitoring/room-tree')
    const top = tree.body.data.find((n: { id: string }) => n.id === centre.id)
    expect(top).toMatchObject({
      type: 'lab',
      title: '监控实验中心',
      children: [
        {
          id: lab.id,
          type: 'lab',
          children: [{ id: a, type: 'room', title: 'M101 房间M101', monitors: 1 }],
        },
        { id: b, type: 'room', title: 'M102 房间M102', monitors: 1 },
      ],
    })
    const filtered = await api.get('/api/lab/roommonitoring/room-tree', { roomNo: 'M102' })
    expect(filtered.body.data.map((n: { id: string }) => n.id)).toEqual([centre.id])
    expect(filtered.body.data.some((n: { id: string }) => n.id === empty.id)).toBe(false)

    // the screen sends the rooms under the chosen node
    expect(names(await api.get('/api/lab/roommonitoring/page', { roomIds: `${a},${b}` }))).toEqual([
      '前门摄像头',
      '门禁控制器',
    ])
    expect(names(await api.get('/api/lab/roommonitoring/page', { roomIds: a }))).toEqual(['前门摄像头'])
    expect(names(await api.get('/api/lab/roommonitoring/page', { roomIds: 'none' }))).toEqual([])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../tests/support/fixtures'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { addColleges } from '../base/testing'
import { addLab, addRoom } from './testing'

let t: TestServer
let api: Api

beforeAll(async () => {
  t = await startTestServer()
  api = t.api(await t.login())
  await addColleges(t.database.db, '000000', [
    ['0301', '电子信息学院'],
    ['0402', '机械工程学院'],
  ])
})
afterAll(() => t?.close())

const lab = (extra: Record<string, unknown>) => ({
  labKind: 2,
  labCategory: 3,
  labType: 1,
  foundedYear: '2012',
  subjectCode: '0809',
  deptSerial: '0301',
  ...extra,
})

describe('实验室信息 (lab_info)', () => {
  it('numbers labs by college when no serial is given, and shows them as a lazy tree and by serial', async () => {
    const centre = await api.post('/api/lab/labinfo/save', {
      body: lab({ labName: '电工电子实验中心', labKind: 1, labCategory: 2 }),
    })
    expect(centre.status, centre.body.msg).toBe(200)
    const centreId = centre.body.data.id
    const child = await api.post('/api/lab/labinfo/save', {
      body: lab({ labName: '电路实验室', parentId: centreId, area: 150.5 }),
    })
    expect(child.status, child.body.msg).toBe(200)
    const roots = await api.get('/api/lab/labinfo/lazy-list', { parentId: '0' })
    const root = roots.body.data.find((r: { id: string }) => r.id === centreId)
    expect(root).toMatchObject({
      serial: '0301001',
      labName: '电工电子实验中心',
      hasChildren: true,
      deptName: '电子信息学院',
    })
    const kids = await api.get('/api/lab/labinfo/lazy-list', { parentId: centreId })
    expect(kids.body.data.map((r: { serial: string }) => r.serial)).toEqual(['0301002'])
    expect(kids.body.data[0]).toMatchObject({
      parentName: '电工电子实验中心',
      hasChildren: false,
      area: '150.5000',
    })
    const bySerial = await api.get('/api/lab/labinfo/detail', { serial: '0301002' })
    expect(bySerial.body.data.labName).toBe('电路实验室')
    const tree = await api.get('/api/lab/labinfo/tree')
    const node = tree.body.data.find((n: { id: string }) => n.id === centreId)
    expect(node.children.map((c: { title: string }) => c.title)).toEqual(['电路实验室'])
    const next = await api.get('/api/lab/labinfo/autoCode', { deptSerial: '0301' })
    expect(next.body.data).toBe('0301003')
    const plain = await api.get('/api/lab/labinfo/autoCode')
    expect(plain.body.data).toBe('0001')
  })

  it('keeps a given serial unique for ever, names within SJ6 widths and parents to centres', async () => {
    const own = await api.post('/api/lab/labinfo/save', {
      body: lab({ labName: '机械基础实验室', serial: 'JX01', deptSerial: '0402' }),
    })
    expect(own.status, own.body.msg).toBe(200)
    const refusals: [Record<string, unknown>, string][] = [
      [lab({ labName: '重复编号实验室', serial: 'JX01' }), '实验室编号已存在'],
      [lab({ labName: '坏编号实验室', serial: 'JX-01' }), '实验室编号只能包含字母和数字，最多10位'],
      [
        lab({ labName: '一二三四五六七八九十一二三四五六七八九十一二三四五六' }),
        '实验室名称不能超过25个汉字（50字节）',
      ],
      [lab({ labName: '机械基础实验室' }), '实验室名称已存在'],
      [lab({ labName: '无院系实验室', deptSerial: '9999' }), '所属院系（9999）不存在'],
      [lab({ labName: '无年份实验室', foundedYear: '' }), '请输入建立年份'],
      [lab({ labName: '坏年份实验室', foundedYear: '12' }), '建立年份应为四位年份，如 2008'],
      [lab({ labName: '坏类别实验室', labCategory: 7 }), '实验室类别不能大于4'],
    ]
    for (const [body, msg] of refusals) {
      const res = await api.post('/api/lab/labinfo/save', { body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.msg).toBe(msg)
    }
    const plainLab = (await api.get('/api/lab/labinfo/detail', { serial: 'JX01' })).body.data
    const underLab = await api.post('/api/lab/labinfo/save', {
      body: lab({ labName: '子实验室', parentId: plainLab.id }),
    })
    expect(underLab.body.msg).toBe('上级只能是实验中心')
    // A removed lab's number is never given again.
    expect((await api.post('/api/lab/labinfo/remove', { query: { ids: plainLab.id } })).status).toBe(200)
    const reuse = await api.post('/api/lab/labinfo/save', {
      body: lab({ labName: '新机械实验室', serial: 'JX01' }),
    })
    expect(reuse.body.msg).toBe('实验室编号已被使用过（实验室已删除），不能重复使用')
  })

  it('refuses a centre that is its own ancestor, a centre with labs turning into a lab, and removing labs with rooms or children', async () => {
    const centre = await addLab(api, { labName: '机械实验中心', labKind: 1, deptSerial: '0402' })
    const inner = await addLab(api, {
      labName: '测控中心',
      labKind: 1,
      deptSerial: '0402',
      parentId: centre.id,
    })
    const cycle = await api.post('/api/lab/labinfo/update', { body: { id: centre.id, parentId: inner.id } })
    expect(cycle.body.msg).toBe('上级实验室不能是本实验室或其下级')
    const demote = await api.post('/api/lab/labinfo/update', { body: { id: centre.id, labKind: 2 } })
    expect(demote.body.msg).toBe('该实验中心下还有实验室，不能改为实验室')
    const withChild = await api.post('/api/lab/labinfo/remove', { query: { ids: centre.id } })
    expect(withChild.body.msg).toBe('请先删除子节点!')
    await addRoom(api, { roomNo: 'M101', labId: inner.id })
    const withRoom = await api.post('/api/lab/labinfo/remove', { query: { ids: inner.id } })
    expect(withRoom.body.msg).toBe('所选实验室下还有房间，请先删除或转移房间')
  })
})

describe('实验房间 (lab_room)', () => {
  it('keeps rooms of one lab with unique numbers and opening hours, lists them with their lab, and offers them without a token', async () => {
    const l = await addLab(api, { labName: '计算机实验室', deptSerial: '0301' })
    await addRoom(api, { roomNo: 'A301', labId: l.id, seats: 48, building: '实验楼A' })
    const page = await api.get('/api/lab/labroom/page', { labId_equal: l.id })
    expect(page.body.data.records[0]).toMatchObject({
      roomNo: 'A301',
      labName: '计算机实验室',
      labSerial: l.serial,
      seats: 48,
      openStart: '08:00',
      openEnd: '22:00',
      status: 1,
    })
    const dup = await api.post('/api/lab/labroom/submit', {
      body: { roomNo: 'A301', roomName: '重复', labId: l.id, seats: 1, roomType: 1 },
    })
    expect(dup.body.msg).toBe('房间编号已存在')
    const noLab = await api.post('/api/lab/labroom/submit', {
      body: { roomNo: 'A999', roomName: '无实验室', labId: '123', seats: 1, roomType: 1 },
    })
    expect(noLab.body.msg).toBe('所属实验室不存在')
    const hours = await api.post('/api/lab/labroom/submit', {
      body: {
        roomNo: 'A302',
        roomName: '倒置',
        labId: l.id,
        seats: 10,
        roomType: 1,
        openStart: '20:00',
        openEnd: '08:00',
      },
    })
    expect(hours.body.msg).toBe('开放结束时间必须晚于开放开始时间')
    const synced = await api.post('/api/lab/labroom/submit', {
      body: { roomNo: 'A303', roomName: '设备', labId: l.id, seats: 10, roomType: 1, equipmentCount: 99 },
    })
    expect(synced.status).toBe(200)
    expect(
      (await api.get('/api/lab/labroom/page', { roomNo_equal: 'A303' })).body.data.records[0].equipmentCount,
    ).toBe(0)

    const anonymous = t.api()
    const refused = await anonymous.get('/api/lab/labroom/unAuthPage', { current: 1, size: 10 })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toBe('请指定租户')
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/lab/labroom/unAuthPage?roomNo=A301',
      headers: { 'tenant-id': '000000' },
    })
    const body = open.json()
    expect(body.data.records).toHaveLength(1)
    expect(body.data.records[0]).toMatchObject({ roomNo: 'A301', labName: '计算机实验室', seats: 48 })
    expect(body.data.records[0].managerPhone).toBeUndefined()
    const guest = await createUser(t.database, { account: 'lab_guest', roleAlias: 'guest' })
    const asGuest = await t
      .api(await t.login(guest.account, guest.password))
      .get('/api/lab/labroom/unAuthPage', { roomName: '房间A301' })
    expect(asGuest.body.data.total).toBe(1)
  })

  it('keeps closed periods of a room and refuses a backwards or half-timed one', async () => {
    const l = await addLab(api, { labName: '物理实验室', deptSerial: '0301' })
    const roomId = await addRoom(api, { roomNo: 'P101', labId: l.id })
    const added = await api.post('/api/lab/labroom/closure-submit', {
      body: { roomId, startDate: '2031-03-01', endDate: '2031-03-03', reason: '设备检修' },
    })
    expect(added.status, added.body.msg).toBe(200)
    const window = await api.post('/api/lab/labroom/closure-submit', {
      body: {
        roomId,
        startDate: '2031-04-01',
        endDate: '2031-04-01',
        startTime: '14:00',
        endTime: '16:00',
        reason: '消防演练',
      },
    })
    expect(window.status).toBe(200)
    const list = await api.get('/api/lab/labroom/closure-list', { roomId })
    expect(
      list.body.data.map((c: { reason: string; startTime: string | null }) => [c.reason, c.startTime]),
    ).toEqual([
      ['设备检修', null],
      ['消防演练', '14:00'],
    ])
    const backwards = await api.post('/api/lab/labroom/closure-submit', {
      body: { roomId, startDate: '2031-03-05', endDate: '2031-03-01', reason: 'x' },
    })
    expect(backwards.body.msg).toBe('结束日期不能早于开始日期')
    const half = await api.post('/api/lab/labroom/closure-submit', {
      body: { roomId, startDate: '2031-03-05', endDate: '2031-03-05', startTime: '10:00', reason: 'x' },
    })
    expect(half.body.msg).toBe('开始时间和结束时间须同时填写（都不填表示全天）')
    const removed = await api.post('/api/lab/labroom/closure-remove', { query: { ids: added.body.data.id } })
    expect(removed.status).toBe(200)
    expect((await api.get('/api/lab/labroom/closure-list', { roomId })).body.data).toHaveLength(1)
    // Removing the room takes its closed periods with it.
    expect((await api.post('/api/lab/labroom/remove', { query: { ids: roomId } })).status).toBe(200)
  })
})

describe('同步设备 (equipmentSyncToRoom)', () => {
  it('counts the register items stored in each room that are still in stock, and their value', async () => {
    const { id: labId } = await addLab(api, { labName: '同步实验室', deptSerial: '0301' })
    const roomId = await addRoom(api, { roomNo: 'S101', labId })
    const emptyId = await addRoom(api, { roomNo: 'S102', labId })
    const item = (over: Record<string, unknown>) => ({
      equipmentName: '示波器',
      classCode: '03030501',
      model: 'DSO',
      price: 12800,
      purchaseDate: '2024-10-12',
      source: 1,
      countryCode: '840',
      statusCode: 1,
      useDirection: 1,
      deptSerial: '0301',
      ...over,
    })
    for (const body of [
      item({ roomId }),
      item({ roomId, price: 3200.5 }),
      // scrapped: left the stock, not counted
      item({ roomId, price: 999, statusCode: 6, scrapDate: '2025-03-01' }),
    ]) {
      const saved = await api.post('/api/assets/equipment/save', { body })
      expect(saved.status, saved.body.msg).toBe(200)
    }
    const synced = await api.post('/api/lab/labroom/equipmentSyncToRoom')
    expect(synced.status).toBe(200)
    expect(synced.body.data.equipment).toBeGreaterThanOrEqual(2)
    const rooms = (await api.get('/api/lab/labroom/page', { roomNo: 'S10', size: 10 })).body.data.records
    const room = rooms.find((r: { id: string }) => r.id === roomId)
    expect(room.equipmentCount).toBe(2)
    expect(Number(room.equipmentValue)).toBe(16000.5)
    expect(rooms.find((r: { id: string }) => r.id === emptyId).equipmentCount).toBe(0)
  })
})

/**
 * Fixtures of the lab area for server tests of any area: a college, labs and rooms written through
 * the real routes (so every rule applies). Test support only; not used by the server.
 */
import type { Api } from '../../../tests/support/server'

export interface LabFixture {
  id: string
  serial: string
}

const check = (res: { status: number; body: { msg?: string } }, what: string) => {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.body?.msg}`)
}

/** A lab (实验室 by default) of the college `deptSerial`; answers its id and generated serial. */
export async function addLab(
  api: Api,
  values: Record<string, unknown> & { labName: string; deptSerial: string },
): Promise<LabFixture> {
  const res = await api.post('/api/lab/labinfo/save', {
    body: {
      labKind: 2,
      labCategory: 3,
      labType: 1,
      foundedYear: '2010',
      subjectCode: '0809',
      area: 120,
      ...values,
    },
  })
  check(res, `lab ${values.labName}`)
  const found = await api.get('/api/lab/labinfo/page', { labName_equal: values.labName, current: 1, size: 1 })
  const row = found.body.data.records[0]
  return { id: String(row.id), serial: String(row.serial) }
}

/** A room of `labId`; answers its id. */
export async function addRoom(
  api: Api,
  values: Record<string, unknown> & { roomNo: string; labId: string },
): Promise<string> {
  const res = await api.post('/api/lab/labroom/submit', {
    body: { roomName: `房间${values.roomNo}`, roomType: 1, seats: 40, area: 60, ...values },
  })
  check(res, `room ${values.roomNo}`)
  const found = await api.get('/api/lab/labroom/page', { roomNo_equal: values.roomNo, current: 1, size: 1 })
  return String(found.body.data.records[0].id)
}

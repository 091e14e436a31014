/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { Data } from '../core/data'
import { nextId } from '../core/ids'
import {
  competitionAppointment,
  competitionAppointmentMember,
  competitionFinal,
  competitionFinalResult,
} from '../db/schema'
import { studentAwardsByLab } from '.'
import { STUDENTS, YEAR, addStudents, approvedProject, okBody, seedSchool, type School } from './testing'

/**
 * Awards statistics, the class summary and SJ6 #12 against a brute-force count over random data: the
 * same rows are counted once in SQL by the server and once here by hand.
 */

let t: TestServer
let school: School
const P = '/api/competition/parameter'

/** A deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648
    return s / 2147483648
  }
}

interface Result {
  year: string
  entryType: number
  level: number
  award: number | null
  status: number
  dept: string
  members: { no: string; classNo: string; dept: string }[]
  labId: string | null
}
const results: Result[] = []
const entered: { no: string; classNo: string; year: string }[] = []
const students: { no: string; classNo: string; dept: string }[] = []

beforeAll(async () => {
  t = await startTestServer()
  school = await seedSchool(t)
  for (const [no, , classNo, college] of STUDENTS)
    students.push({ no, classNo, dept: college === 'A' ? 'A01' : 'B02' })
  for (const [classNo, dept] of [
    ['C2201', 'A01'],
    ['C2202', 'A01'],
    ['C2203', 'B02'],
  ] as const)
    for (const no of await addStudents(t, classNo, 15, classNo, dept)) students.push({ no, classNo, dept })
  const data = new Data({ db: t.database.db, tenantId: '000000', user: null })
  const rnd = random(20251120)
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]
  const labs = ['1900000000000000001', '1900000000000000002', null]
  for (let p = 0; p < 6; p++) {
    const year = p < 5 ? YEAR : '2024-2025'
    const labId = labs[p % 3]
    const project = await approvedProject(t, school, {
      projectName: `项目${p}`,
      competitionName: `赛事${p}`,
      academicYear: year,
      entryMode: 3,
      maxEntries: 0,
      labId,
    })
    const finals = [1, 3, 5].map((level) => ({ id: nextId(), level }))
    await data.repo(competitionFinal).insert(
      finals.map((f) => ({
        id: f.id,
        projectId: project,
        academicYear: year,
        finalLevel: f.level,
        finalName: `决赛${p}-${f.level}`,
        finalTime: new Date('2025-11-20T14:00:00'),
        status: 3,
        resultStatus: 2,
      })) as never,
    )
    const free = [...students]
    for (let e = 0; e < 12; e++) {
      const type = rnd() < 0.5 ? 1 : 2
      const size = type === 1 ? 1 : 2 + Math.floor(rnd() * 3)
      const members: (typeof students)[number][] = []
      while (members.length < size && free.length)
        members.push(free.splice(Math.floor(rnd() * free.length), 1)[0])
      if (!members.length) break
      const id = nextId()
      const withdrawn = rnd() < 0.1
      await data.repo(competitionAppointment).insert({
        id,
        projectId: project,
        academicYear: year,
        entryType: type,
        teamName: type === 2 ? `队${p}-${e}` : null,
        leaderStudentNo: members[0].no,
        memberCount: members.length,
        deptSerial: members[0].dept,
        classNo: members[0].classNo,
      } as never)
      await data.repo(competitionAppointmentMember).insert(
        members.map((m, i) => ({
          appointmentId: id,
          projectId: project,
          academicYear: year,
          studentNo: m.no,
          classNo: m.classNo,
          deptSerial: m.dept,
          isLeader: i === 0 ? 1 : 0,
        })),
      )
      if (withdrawn) {
        await data.repo(competitionAppointment).remove([id])
        const mine = await data.repo(competitionAppointmentMember).find()
        await data
          .repo(competitionAppointmentMember)
          .remove(mine.filter((m) => m.appointmentId === id).map((m) => m.id))
        continue
      }
      for (const m of members) entered.push({ no: m.no, classNo: m.classNo, year })
      if (rnd() < 0.25) continue
      const final = pick(finals)
      const award = pick([1, 2, 3, 4, 5, 9, null])
      const status = rnd() < 0.8 ? 1 : 0
      await data.repo(competitionFinalResult).insert({
        finalId: final.id,
        projectId: project,
        academicYear: year,
        finalLevel: final.level,
        appointmentId: id,
        entryType: type,
        teamName: type === 2 ? `队${p}-${e}` : null,
        memberNos: members.map((m) => m.no).join(','),
        deptSerial: members[0].dept,
        classNo: members[0].classNo,
        award,
        status,
      } as never)
      results.push({
        year,
        entryType: type,
        level: final.level,
        award,
        status,
        dept: members[0].dept,
        members,
        labId,
      })
    }
  }
})
afterAll(async () => t?.close())

const isCounted = (r: Result, year = YEAR) =>
  r.year === year && r.status === 1 && r.award !== null && r.award <= 5

function tally<K>(rows: Result[], key: (r: Result) => K) {
  const m = new Map<K, number>()
  for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 1)
  return m
}

describe('statistics against a brute-force count', () => {
  it('sums awards by award, level, college and level × award for both entry types', async () => {
    const staff = await school.login('staffRoot')
    for (const [type, path] of [
      [2, 'group-awards-sum'],
      [1, 'personnal-awards-sum'],
    ] as const) {
      const rows = results.filter((r) => isCounted(r) && r.entryType === type)
      const sum = okBody(await staff.get(`${P}/${path}`, { academicYear: YEAR }))
      expect(sum.total).toBe(rows.length)
      expect(new Map(sum.byAward.map((x: any) => [x.award, x.count]))).toEqual(tally(rows, (r) => r.award))
      expect(new Map(sum.byLevel.map((x: any) => [x.finalLevel, x.count]))).toEqual(
        tally(rows, (r) => r.level),
      )
      expect(new Map(sum.byDept.map((x: any) => [x.deptSerial, x.count]))).toEqual(tally(rows, (r) => r.dept))
      expect(new Map(sum.matrix.map((x: any) => [`${x.finalLevel}|${x.award}`, x.count]))).toEqual(
        tally(rows, (r) => `${r.level}|${r.award}`),
      )
      const page = okBody(
        await staff.get(`${P}/${type === 2 ? 'group-awards' : 'personnal-awards'}`, {
          academicYear: YEAR,
          current: 1,
          size: 500,
        }),
      )
      expect(page.total).toBe(rows.length)
      const filtered = okBody(
        await staff.get(`${P}/${path}`, { academicYear: YEAR, finalLevel: 3, deptSerial: 'A01' }),
      )
      expect(filtered.total).toBe(rows.filter((r) => r.level === 3 && r.dept === 'A01').length)
    }
  })

  it('summarises every class and the 合计 row', async () => {
    const staff = await school.login('staffRoot')
    const rows = okBody(await staff.get(`${P}/class-summary`, { academicYear: YEAR }))
    const counted = results.filter((r) => isCounted(r))
    for (const classNo of ['C2201', 'C2202', 'C2203']) {
      const inClass = students.filter((s) => s.classNo === classNo)
      const participants = new Set(
        entered.filter((e) => e.year === YEAR && e.classNo === classNo).map((e) => e.no),
      )
      const awardMembers = counted.flatMap((r) =>
        r.members.filter((m) => m.classNo === classNo).map((m) => ({ ...m, level: r.level })),
      )
      const row = rows.find((r: any) => r.classNo === classNo)
      expect(row).toMatchObject({
        studentCount: inClass.length,
        participants: participants.size,
        participationRate: Math.round((participants.size * 1000) / inClass.length) / 10,
        awardees: new Set(awardMembers.map((m) => m.no)).size,
        awardPersonTimes: awardMembers.length,
        national: awardMembers.filter((m) => m.level <= 2).length,
        provincial: awardMembers.filter((m) => m.level === 3).length,
        other: awardMembers.filter((m) => m.level >= 4).length,
      })
    }
    const total = rows.at(-1)
    expect(total).toMatchObject({
      isTotal: true,
      studentCount: students.length,
      participants: new Set(entered.filter((e) => e.year === YEAR).map((e) => e.no)).size,
      awardees: new Set(counted.flatMap((r) => r.members.map((m) => m.no))).size,
    })
  })

  it('gives SJ6 #12 per lab: 特等–三等奖 at 省部级 and above, a team once', async () => {
    const expected = tally(
      results.filter((r) => isCounted(r) && r.award! <= 4 && r.level <= 3 && r.labId),
      (r) => r.labId!,
    )
    const got = await studentAwardsByLab(t.database.db, '000000', YEAR)
    expect(new Map(got.map((g) => [g.labId, g.count]))).toEqual(expected)
    expect(await studentAwardsByLab(t.database.db, '000000', '2023-2024')).toEqual([])
  })
})

import type { SeedContext } from '../seed/context'
import { baseClass, baseMajor, baseStudent, baseTeacher, dept } from '../db/schema'
import { nextId } from '../core/ids'

const COLLEGES = [
  ['01', '计算机与信息工程学院'],
  ['02', '机械与电气工程学院'],
  ['03', '化学与材料学院'],
] as const

/** [专业号, 名称, 院系号, 所属学科 (专业类), 班级简称] */
const MAJORS = [
  ['0101', '计算机科学与技术', '01', '0809', '计科'],
  ['0102', '软件工程', '01', '0809', '软工'],
  ['0201', '机械设计制造及其自动化', '02', '0802', '机制'],
  ['0202', '电气工程及其自动化', '02', '0806', '电气'],
  ['0301', '化学', '03', '0703', '化学'],
  ['0302', '材料科学与工程', '03', '0804', '材料'],
] as const

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程'
const GIVEN =
  '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国志强文博思远子涵雨轩浩然欣怡梓萱宇航晨曦佳琪俊杰'
const TITLES = ['011', '012', '012', '013', '013', '013', '014', '072', '073', '073', '074', '083']

/** A small deterministic generator, so every demo database has the same people. */
function generator(seed: number) {
  let state = seed
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state % n
  }
}

function nameFrom(pick: (n: number) => number): string {
  const surname = SURNAMES[pick(SURNAMES.length)]
  const given = [...GIVEN]
  const first = given[pick(given.length)]
  return pick(3) === 0 ? surname + first : surname + first + given[pick(given.length)]
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

/**
 * LAB_DEMO=1: a plausible school — 3 colleges with 院系号, 6 majors, 12 classes, 40 teachers and
 * 300 students with Chinese names. People get no accounts here; 同步用户 creates them on demand.
 */
export async function seedDemoSchool(ctx: SeedContext): Promise<void> {
  const { db, tenantId, rootDeptId, adminUserId } = ctx
  const audit = { tenantId, createUser: adminUserId, updateUser: adminUserId }
  const pick = generator(20240901)

  for (const [index, [serial, name]] of COLLEGES.entries()) {
    await db.insert(dept).values({
      id: nextId(),
      tenantId,
      parentId: rootDeptId,
      ancestors: `0,${rootDeptId}`,
      deptCategory: 2,
      deptName: name,
      fullName: name,
      sort: index + 1,
      serial,
    })
  }
  for (const [majorSerial, majorName, deptSerial, subjectCode] of MAJORS) {
    await db.insert(baseMajor).values({
      id: nextId(),
      ...audit,
      majorSerial,
      majorName,
      deptSerial,
      subjectCode,
      eduLevel: 1,
      schoolingYears: 4,
    } as never)
  }

  const classes: { classNo: string; majorSerial: string; deptSerial: string; grade: string }[] = []
  for (const [majorSerial, , deptSerial, , short] of MAJORS) {
    for (const grade of ['2023', '2024']) {
      const classNo = `${grade}${majorSerial}1`
      classes.push({ classNo, majorSerial, deptSerial, grade })
      await db.insert(baseClass).values({
        id: nextId(),
        ...audit,
        classNo,
        className: `${short}${grade.slice(2)}01班`,
        deptSerial,
        majorSerial,
        grade,
        studentCount: 25,
        headTeacher: nameFrom(pick),
      } as never)
    }
  }

  const teachers: Record<string, unknown>[] = []
  for (let i = 0; i < 40; i++) {
    const [majorSerial, , deptSerial, subjectCode] = MAJORS[i % MAJORS.length]
    const professionCode = TITLES[pick(TITLES.length)]
    const year = 1965 + pick(30)
    teachers.push({
      id: nextId(),
      ...audit,
      teacherNo: `T${pad(2001 + i, 6)}`,
      teacherName: nameFrom(pick),
      sex: 1 + pick(2),
      birthday: `${year}-${pad(1 + pick(12), 2)}-${pad(1 + pick(28), 2)}`,
      deptSerial,
      majorSerial,
      categoryNo: professionCode.startsWith('07') ? '2' : pick(4) === 0 ? '1,2' : '1',
      professionCode,
      education: String(1 + pick(3)),
      degree: String(1 + pick(3)),
      subjectCode,
      expertCategory: '00',
      labStaff: professionCode.startsWith('07') ? 1 : 0,
      phone: `13${pad(pick(1_000_000_000), 9)}`,
    })
  }
  await db.insert(baseTeacher).values(teachers as never)

  const students: Record<string, unknown>[] = []
  for (const c of classes) {
    for (let n = 1; n <= 25; n++) {
      students.push({
        id: nextId(),
        ...audit,
        studentNo: `${c.classNo}${pad(n, 2)}`,
        studentName: nameFrom(pick),
        sex: 1 + pick(2),
        deptSerial: c.deptSerial,
        majorSerial: c.majorSerial,
        classNo: c.classNo,
        grade: c.grade,
        studentType: 3,
        enrollDate: `${c.grade}-09-01`,
      })
    }
  }
  await db.insert(baseStudent).values(students as never)
}

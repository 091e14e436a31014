import { eq, inArray, like, sql } from 'drizzle-orm'
import { ASSET_CLASS_TOP } from '../../../shared/resources/report/asset-class'
import { fixed, formatScaled, sumScaled, toScaled, yuanToWan } from '../../../shared/resources/report/decimal'
import type { TableCode } from '../../../shared/resources/report/tables'
import { reportSubmission } from '../../db/schema'
import { rowTable, col } from '../tables'
import type { CheckRow, CheckRun } from './context'
import {
  KeyIndex,
  labRule,
  lastApproved,
  num,
  rowsOf,
  sj1Figures,
  sj6Figures,
  taskLabs,
  yearOverYear,
} from './shared'

/**
 * The table rules (reports-portal.md 4): per row while the scope's rows stream by, then what needs
 * the whole scope, the other tables of the task and last year's approved reports.
 */
export interface TableRules {
  row(row: CheckRow): void
  finish(): Promise<void>
}

const money = (n: number) => (n >= 10000 && n % 10000 === 0 ? `${n / 10000}万` : String(n))
const CLASS_NAMES = new Map(ASSET_CLASS_TOP.map(([k, v]) => [k, v]))

function sj1(run: CheckRun): TableRules {
  const s = run.settings
  const keys = new KeyIndex(run, 'equipmentNo', 'SJ1-05')
  const min = toScaled(s.sj1MinPrice)!
  const excluded = new Set(s.excludedClassPrefixes)
  const excludedText = s.excludedClassPrefixes.map((p) => `${p}${CLASS_NAMES.get(p) ?? ''}`).join('、')
  let count = 0
  let total = 0n
  return {
    row(row) {
      const v = row.values
      keys.add(row)
      count++
      const price = toScaled(v.unitPrice)
      if (price !== null) total += price
      if (price !== null && price < min)
        run.emit(
          'SJ1-01',
          row,
          'unitPrice',
          `单价${fixed(v.unitPrice, 2)}元低于${money(s.sj1MinPrice)}元，不属于SJ1统计范围`,
          fixed(v.unitPrice, 2),
        )
      const cls = typeof v.classCode === 'string' ? v.classCode : ''
      if (cls.length >= 2 && excluded.has(cls.slice(0, 2)))
        run.emit('SJ1-02', row, 'classCode', `分类号${cls}属于不统计的类别（${excludedText}）`, cls)
      if (
        v.useDirection !== null &&
        v.useDirection !== undefined &&
        v.useDirection !== '' &&
        !['1', '2'].includes(String(v.useDirection))
      )
        run.emit('SJ1-03', row, 'useDirection', '使用方向只能为1（教学为主）或2（科研为主）', v.useDirection)
      if (
        v.statusCode !== null &&
        v.statusCode !== undefined &&
        v.statusCode !== '' &&
        !['1', '2', '3', '4', '8', '9'].includes(String(v.statusCode))
      )
        run.emit(
          'SJ1-04',
          row,
          'statusCode',
          `现状码${v.statusCode}的设备不应列入SJ1（只允许1、2、3、4、8、9）`,
          v.statusCode,
        )
    },
    async finish() {
      await keys.finish()
      if (!run.on('Y-01')) return
      const last = await lastApproved(run, 'sj1')
      if (!last) return
      const before = await sj1Figures(run, last.taskId, last.collegeSerialNum, s.bigItemPrice)
      yearOverYear(run, 'SJ1台件数', before.count, count, null)
      yearOverYear(run, 'SJ1金额(万元)', Number(yuanToWan(before.sum)), Number(yuanToWan(total)), null)
    },
  }
}

function single(run: CheckRun, ruleId: string) {
  const rows: CheckRow[] = []
  return {
    rows,
    add(row: CheckRow) {
      rows.push(row)
      if (rows.length > 1) run.emit(ruleId, row, null, `每个填报单位只能有一条${run.table.toUpperCase()}记录`)
    },
  }
}

function sj2(run: CheckRun): TableRules {
  const s = run.settings
  const one = single(run, 'SJ2-01')
  return {
    row: (row) => one.add(row),
    async finish() {
      const row = one.rows[0]
      if (!row) return
      const v = row.values
      const n = (k: string) => num(v[k])
      const amount = (k: string) => toScaled(v[k] ?? 0) ?? 0n
      const show = (x: bigint) => formatScaled(x, 2)
      const endCount = n('lastCount') + n('addCount') - n('reduceCount')
      if (n('endCount') !== endCount)
        run.emit(
          'SJ2-02',
          row,
          'endCount',
          `本学年末台件数${n('endCount')}应等于上学年末${n('lastCount')}+增加${n('addCount')}−减少${n('reduceCount')}=${endCount}`,
          n('endCount'),
        )
      const endAmount = amount('lastAmount') + amount('addAmount') - amount('reduceAmount')
      if (show(amount('endAmount')) !== show(endAmount))
        run.emit(
          'SJ2-03',
          row,
          'endAmount',
          `本学年末金额${show(amount('endAmount'))}万元应等于上学年末${show(amount('lastAmount'))}+增加${show(amount('addAmount'))}−减少${show(amount('reduceAmount'))}=${show(endAmount)}`,
          show(amount('endAmount')),
        )
      for (const [big, totalKey, what] of [
        ['lastBigCount', 'lastCount', '台件'],
        ['lastBigAmount', 'lastAmount', '金额'],
        ['endBigCount', 'endCount', '台件'],
        ['endBigAmount', 'endAmount', '金额'],
      ] as const)
        if (amount(big) > amount(totalKey))
          run.emit(
            'SJ2-04',
            row,
            big,
            `其中10万元以上${what}${fixed(v[big] ?? 0, what === '金额' ? 2 : 0)}不能大于合计${fixed(v[totalKey] ?? 0, what === '金额' ? 2 : 0)}`,
            v[big],
          )
      const fig = await sj1Figures(run, run.scope.task.id, run.scope.college.serial, s.bigItemPrice)
      if (n('endCount') !== fig.count)
        run.emit(
          'SJ2-05',
          row,
          'endCount',
          `本学年末台件数${n('endCount')}与SJ1记录数${fig.count}不一致`,
          n('endCount'),
        )
      if (show(amount('endAmount')) !== yuanToWan(fig.sum))
        run.emit(
          'SJ2-06',
          row,
          'endAmount',
          `本学年末金额${show(amount('endAmount'))}万元与SJ1单价合计${yuanToWan(fig.sum)}万元不一致`,
          show(amount('endAmount')),
        )
      if (n('endBigCount') !== fig.bigCount)
        run.emit(
          'SJ2-07',
          row,
          'endBigCount',
          `本学年末10万元以上台件${n('endBigCount')}与SJ1统计${fig.bigCount}不一致`,
          n('endBigCount'),
        )
      if (show(amount('endBigAmount')) !== yuanToWan(fig.bigSum))
        run.emit(
          'SJ2-07',
          row,
          'endBigAmount',
          `本学年末10万元以上金额${show(amount('endBigAmount'))}与SJ1统计${yuanToWan(fig.bigSum)}不一致`,
          show(amount('endBigAmount')),
        )
      if (!run.on('SJ2-08')) return
      const last = await lastApproved(run, 'sj2')
      const lastRow = last ? (await rowsOf(run, 'sj2', last.id))[0] : undefined
      if (!lastRow) {
        run.notice('I-12', '未找到上学年已通过的SJ2，未核对上学年末数')
        return
      }
      for (const [now, before, what] of [
        ['lastCount', 'endCount', '台件'],
        ['lastAmount', 'endAmount', '金额'],
        ['lastBigCount', 'endBigCount', '10万元以上台件'],
        ['lastBigAmount', 'endBigAmount', '10万元以上金额'],
      ] as const) {
        const places = what.endsWith('金额') ? 2 : 0
        if (fixed(v[now] ?? 0, places) !== fixed(lastRow[before] ?? 0, places))
          run.emit(
            'SJ2-08',
            row,
            now,
            `上学年末${what}${fixed(v[now] ?? 0, places)}与上学年上报的本学年末数${fixed(lastRow[before] ?? 0, places)}不一致`,
            v[now],
          )
      }
    },
  }
}

interface Sj3Ref {
  row: CheckRow
  classCode: unknown
  equipmentName: unknown
  unitPrice: unknown
  model: unknown
}

function sj3(run: CheckRun): TableRules {
  const s = run.settings
  const keys = new KeyIndex(run, 'equipmentNo', 'SJ3-07')
  const refs = new Map<string, Sj3Ref[]>()
  const min = toScaled(s.sj3MinPrice)!
  return {
    row(row) {
      const v = row.values
      keys.add(row)
      if (v.equipmentNo) {
        const list = refs.get(String(v.equipmentNo)) ?? []
        list.push({
          row,
          classCode: v.classCode,
          equipmentName: v.equipmentName,
          unitPrice: v.unitPrice,
          model: v.model,
        })
        refs.set(String(v.equipmentNo), list)
      }
      if (typeof v.classCode === 'string' && v.classCode && !v.classCode.startsWith('03'))
        run.emit('SJ3-01', row, 'classCode', '贵重仪器分类号应以03（仪器仪表）开头', v.classCode)
      const price = toScaled(v.unitPrice)
      if (price !== null && price < min)
        run.emit(
          'SJ3-02',
          row,
          'unitPrice',
          `单价${fixed(v.unitPrice, 2)}元低于${money(s.sj3MinPrice)}元，不属于SJ3统计范围`,
          fixed(v.unitPrice, 2),
        )
      const used = num(v.teachHours) + num(v.researchHours) + num(v.serviceHours)
      if (num(v.openHours) > used)
        run.emit(
          'SJ3-06',
          row,
          'openHours',
          `开放使用机时${num(v.openHours)}大于使用机时合计${used}`,
          v.openHours,
        )
      if (s.sj3MinHours > 0 && used < s.sj3MinHours && !(typeof v.remark === 'string' && v.remark.trim()))
        run.emit(
          'SJ3-08',
          row,
          null,
          `年使用机时${used}小时，不足${s.sj3MinHours}小时，请在说明中注明原因`,
          used,
        )
    },
    async finish() {
      await keys.finish()
      const { data, task, college } = run.scope
      const t = rowTable('sj1')
      const nos = [...refs.keys()]
      const inSj1 = new Map<string, Record<string, unknown>>()
      for (let i = 0; i < nos.length; i += 5000) {
        const found = await data.db
          .select()
          .from(t)
          .where(data.rows(t, eq(t.taskId, task.id), inArray(col(t, 'equipmentNo'), nos.slice(i, i + 5000))))
        for (const f of found as Record<string, unknown>[]) inSj1.set(String(f.equipmentNo), f)
      }
      for (const [no, list] of refs)
        for (const ref of list) {
          const one = inSj1.get(no)
          if (!one) {
            run.emit('SJ3-03', ref.row, 'equipmentNo', `SJ1中没有仪器编号${no}`, no)
            continue
          }
          for (const field of ['classCode', 'equipmentName', 'unitPrice', 'model'] as const) {
            const a = field === 'unitPrice' ? fixed(ref[field], 2) : ref[field]
            const b = field === 'unitPrice' ? fixed(one[field], 2) : one[field]
            if (String(a ?? '') !== String(b ?? ''))
              run.emit(
                'SJ3-04',
                ref.row,
                field,
                `${run.byName.get(field)?.label ?? field}与SJ1不一致（SJ3：${a ?? ''}，SJ1：${b ?? ''}）`,
                a,
              )
          }
        }
      if (!run.on('SJ3-05')) return
      const s3 = rowTable('sj3')
      const qualifying = await data.db
        .select({ no: col(t, 'equipmentNo'), rowNo: t.rowNo })
        .from(t)
        .where(
          data.rows(
            t,
            eq(t.taskId, task.id),
            eq(t.collegeSerialNum, college.serial),
            like(col(t, 'classCode'), '03%'),
            sql`${col(t, 'unitPrice')} >= ${s.sj3MinPrice}`,
            inArray(col(t, 'useDirection'), ['1', '2']),
            sql`not exists (select 1 from ${s3} x where x.task_id = ${task.id} and x.is_deleted = 0 and x.equipment_no = ${col(t, 'equipmentNo')} and x.submission_id <> ${run.scope.submission.id})`,
          ),
        )
      for (const q of qualifying)
        if (!refs.has(String(q.no)))
          run.emit(
            'SJ3-05',
            null,
            'equipmentNo',
            `SJ1中仪器编号${q.no}（${college.name}第${q.rowNo}行）符合贵重仪器条件，但未列入SJ3`,
            q.no,
          )
    },
  }
}

function sj4(run: CheckRun): TableRules {
  const keys = new KeyIndex(run, 'experimentNo', 'SJ4-01')
  const pending: CheckRow[] = []
  return {
    row(row) {
      const v = row.values
      keys.add(row)
      pending.push({ id: row.id, rowNo: row.rowNo, values: { labCode: v.labCode, labName: v.labName } })
      const no = typeof v.experimentNo === 'string' ? v.experimentNo : ''
      const star = no.indexOf('*')
      if (
        (star >= 0 && star !== no.length - 1) ||
        (no.endsWith('*') !== (num(v.independentCourse) === 1) && no)
      )
        run.emit('SJ4-02', row, 'experimentNo', '实验编号末尾的“*”只用于独立设课的实验', no)
      if (
        v.experimentType !== null &&
        v.experimentType !== undefined &&
        v.experimentType !== '' &&
        !/^[1-5]\*?$/.test(String(v.experimentType))
      )
        run.emit('SJ4-05', row, 'experimentType', '实验类型应为1-5，网络实验在代码后加“*”', v.experimentType)
      for (const field of ['experimenterCount', 'groupSize', 'hours'])
        if (v[field] !== null && v[field] !== undefined && num(v[field]) === 0)
          run.emit('SJ4-06', row, field, `${run.byName.get(field)?.label}为0：未开出的实验不应上报`, 0)
      if (num(v.groupSize) > num(v.experimenterCount))
        run.emit(
          'SJ4-07',
          row,
          'groupSize',
          `每组人数${num(v.groupSize)}大于实验者人数${num(v.experimenterCount)}`,
          v.groupSize,
        )
    },
    async finish() {
      await keys.finish()
      if (!run.on('SJ4-03') && !run.on('SJ4-04')) return
      const labs = await taskLabs(run)
      for (const row of pending) labRule(run, labs, row)
    },
  }
}

function sj5(run: CheckRun): TableRules {
  const keys = new KeyIndex(run, 'staffNo', 'SJ5-01')
  const pending: CheckRow[] = []
  const end = run.scope.task.statEndMonth
  return {
    row(row) {
      const v = row.values
      keys.add(row)
      pending.push({ id: row.id, rowNo: row.rowNo, values: { labCode: v.labCode, labName: v.labName } })
      const birth = typeof v.birthMonth === 'string' ? v.birthMonth : ''
      if (/^\d{4}(0[1-9]|1[0-2])$/.test(birth)) {
        let age = Number(end.slice(0, 4)) - Number(birth.slice(0, 4))
        if (birth.slice(4) > end.slice(4)) age--
        if (age < 18 || age > 75)
          run.emit('SJ5-02', row, 'birthMonth', `出生年月${birth}：年龄${age}岁，请核实`, birth)
      }
    },
    async finish() {
      await keys.finish()
      if (!run.on('SJ4-03') && !run.on('SJ4-04')) return
      const labs = await taskLabs(run)
      for (const row of pending) labRule(run, labs, row)
    },
  }
}

function sj6(run: CheckRun): TableRules {
  const keys = new KeyIndex(run, 'labCode', 'SJ6-01')
  let count = 0
  let area = 0n
  let running = 0n
  let material = 0n
  return {
    row(row) {
      const v = row.values
      keys.add(row)
      count++
      area += toScaled(v.area ?? 0) ?? 0n
      running += toScaled(v.runningFunds ?? 0) ?? 0n
      material += toScaled(v.materialFunds ?? 0) ?? 0n
      if ((toScaled(v.materialFunds ?? 0) ?? 0n) > (toScaled(v.runningFunds ?? 0) ?? 0n))
        run.emit(
          'SJ6-02',
          row,
          'materialFunds',
          `其中材料消耗费${fixed(v.materialFunds, 2)}不能大于运行经费小计${fixed(v.runningFunds ?? 0, 2)}`,
          v.materialFunds,
        )
    },
    async finish() {
      await keys.finish()
      if (run.on('SJ6-03')) {
        const sub7 = await sj7Submission(run)
        const r7 = sub7 ? (await rowsOf(run, 'sj7', sub7.id))[0] : undefined
        if (r7) fundsAgree(run, null, running, material, r7)
      }
      if (!run.on('Y-01')) return
      const last = await lastApproved(run, 'sj6')
      if (!last) return
      const before = await sj6Figures(run, last.taskId, last.collegeSerialNum)
      yearOverYear(run, 'SJ6实验室数', before.count, count, null)
      yearOverYear(
        run,
        'SJ6实验室面积',
        Number(formatScaled(before.area, 2)),
        Number(formatScaled(area, 2)),
        null,
      )
    },
  }
}

async function sj7Submission(run: CheckRun) {
  const { data, task, college } = run.scope
  return data
    .repo(reportSubmission)
    .first(
      eq(reportSubmission.taskId, task.id),
      eq(reportSubmission.collegeSerialNum, college.serial),
      eq(reportSubmission.tableCode, 'sj7'),
    )
}

function fundsAgree(
  run: CheckRun,
  row: CheckRow | null,
  running: bigint,
  material: bigint,
  r7: Record<string, unknown>,
) {
  const sixRunning = formatScaled(running, 2)
  const sixMaterial = formatScaled(material, 2)
  const sevenRunning = fixed(r7.runningFunds ?? 0, 2)!
  const sevenMaterial = fixed(r7.materialFunds ?? 0, 2)!
  if (sixRunning !== sevenRunning)
    run.emit(
      'SJ6-03',
      row,
      run.table === 'sj7' ? 'runningFunds' : null,
      `SJ6实验教学运行经费合计${sixRunning}万元与SJ7的${sevenRunning}万元不一致`,
      sixRunning,
    )
  if (sixMaterial !== sevenMaterial)
    run.emit(
      'SJ6-03',
      row,
      run.table === 'sj7' ? 'materialFunds' : null,
      `SJ6材料消耗费合计${sixMaterial}万元与SJ7的${sevenMaterial}万元不一致`,
      sixMaterial,
    )
}

function sj7(run: CheckRun): TableRules {
  const one = single(run, 'SJ7-01')
  return {
    row(row) {
      one.add(row)
      const v = row.values
      const parts = [
        'equipPurchase',
        'equipMaintain',
        'runningFunds',
        'constructionFunds',
        'reformFunds',
        'otherFunds',
      ]
      const sum = formatScaled(sumScaled(parts.map((p) => v[p])), 2)
      const total = fixed(v.totalFunds ?? 0, 2)
      if (total !== sum)
        run.emit('SJ7-02', row, 'totalFunds', `经费投入总计${total}应等于各项小计之和${sum}`, total)
      for (const [part, whole] of [
        ['equipPurchaseTeach', 'equipPurchase'],
        ['equipMaintainTeach', 'equipMaintain'],
        ['materialFunds', 'runningFunds'],
      ] as const)
        if ((toScaled(v[part] ?? 0) ?? 0n) > (toScaled(v[whole] ?? 0) ?? 0n))
          run.emit(
            'SJ7-03',
            row,
            part,
            `${run.byName.get(part)?.label}${fixed(v[part], 2)}不能大于${run.byName.get(whole)?.label}${fixed(v[whole] ?? 0, 2)}`,
            v[part],
          )
    },
    async finish() {
      const row = one.rows[0]
      if (!row) return
      const v = row.values
      const { task, college } = run.scope
      const fig = await sj6Figures(run, task.id, college.serial)
      if (num(v.labCount) !== fig.count)
        run.emit(
          'SJ7-04',
          row,
          'labCount',
          `实验室个数${num(v.labCount)}与SJ6实验室数${fig.count}不一致`,
          v.labCount,
        )
      const area = fixed(v.labArea ?? 0, 2)!
      if (area !== formatScaled(fig.area, 2))
        run.emit(
          'SJ7-05',
          row,
          'labArea',
          `实验室房屋使用面积${fixed(v.labArea ?? 0, 0)}与SJ6面积合计${formatScaled(fig.area, 0)}不一致`,
          v.labArea,
        )
      if (run.on('SJ6-03')) fundsAgree(run, row, fig.running, fig.material, v)
      if (!run.on('Y-01')) return
      const last = await lastApproved(run, 'sj7')
      const lastRow = last ? (await rowsOf(run, 'sj7', last.id))[0] : undefined
      if (lastRow)
        yearOverYear(run, 'SJ7经费投入总计(万元)', num(lastRow.totalFunds), num(v.totalFunds), 'totalFunds')
    },
  }
}

export function tableRules(run: CheckRun): TableRules {
  const rules: Record<TableCode, (run: CheckRun) => TableRules> = { sj1, sj2, sj3, sj4, sj5, sj6, sj7 }
  return rules[run.table](run)
}

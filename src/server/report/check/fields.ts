import { fixed, toScaled } from '../../../shared/resources/report/decimal'
import { codeListText } from '../../../shared/resources/report/forms'
import { keysOf } from '../../../shared/resources/report/codes'
import { cutPreview } from '../txt/format'
import { gbkWidth } from '../txt/gbk'
import type { CheckRow, CheckRun, FieldInfo } from './context'
import type { Catalogues } from './lookups'

/**
 * Field rules F-01 … F-14 on one row (reports-portal.md 4): width in GBK bytes, characters, empty
 * fields, code lists, dates, the school code and the national catalogues.
 */
const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '')

const MONTH = /^\d{4}(0[1-9]|1[0-2])$/
const YEAR = /^\d{4}$/

export function fieldRules(run: CheckRun, cat: Catalogues) {
  const { settings, scope } = run
  const statEnd = scope.task.statEndMonth
  const educationCodes = new Set(Object.values(settings.educationMap))
  const on = {
    f01: run.on('F-01'),
    f02: run.on('F-02'),
    f03: run.on('F-03'),
    f11: run.on('F-11'),
  }
  // SJ1's own rules say more than F-05 for these two.
  const ownRule = new Set(run.table === 'sj1' ? ['useDirection', 'statusCode'] : [])

  function text(row: CheckRow, f: FieldInfo, value: string) {
    const { def, layout, label } = f
    if (on.f03 || on.f02 || on.f01) {
      const measured = gbkWidth(value)
      if (measured.bad) run.emit('F-03', row, def.name, `${label}含GBK无法表示的字符“${measured.bad}”`, value)
      else if (measured.width > layout.width) {
        if (def.cut && layout.kind === 'C') {
          const cut = cutPreview(value, layout.width)
          run.emit('F-01', row, def.name, `${label}超过${layout.width}字节，导出时截为“${cut}”`, value)
        } else
          run.emit('F-02', row, def.name, `${label}“${value}”超出字段宽度${layout.width}，无法写入TXT`, value)
      }
    }
    if (def.codes && !ownRule.has(def.name) && !keysOf(def.codes).includes(value))
      run.emit('F-05', row, def.name, `${label}“${value}”不在代码表中（${codeListText(def)}）`, value)
    if (layout.kind === 'M' || layout.kind === 'Y') {
      const ok = layout.kind === 'M' ? MONTH.test(value) : YEAR.test(value)
      if (!ok)
        run.emit(
          'F-06',
          row,
          def.name,
          `${label}应为${layout.kind === 'M' ? 'YYYYMM格式（月份01-12）' : 'YYYY格式'}`,
          value,
        )
      else if (layout.kind === 'M' ? value > statEnd : value > statEnd.slice(0, 4))
        run.emit('F-07', row, def.name, `${label}${value}晚于统计截止年月${statEnd}`, value)
    }
    switch (def.rule) {
      case 'schoolCode':
        if (value !== scope.task.schoolCode)
          run.emit('F-08', row, def.name, `学校代码${value}与任务设置的${scope.task.schoolCode}不一致`, value)
        break
      case 'country':
        if (!cat.countries.has(value))
          run.emit('F-09', row, def.name, `国别码${value}不是GB/T 2659数字代码`, value)
        break
      case 'classCode':
        if (!/^\d{8}$/.test(value)) run.emit('F-10', row, def.name, '分类号应为8位数字', value)
        else if (on.f11 && !(cat.classDetailed ? cat.hasClass(value) : cat.hasClassTop(value)))
          run.emit('F-11', row, def.name, `分类号${value}不在《高等学校固定资产分类及编码》中`, value)
        break
      case 'subject':
        if (!/^\d{4}$/.test(value) || !cat.subjectGroups.has(value.slice(0, 2)))
          run.emit('F-12', row, def.name, `${label}${value}不是有效的4位学科代码`, value)
        break
      case 'title':
        if (!cat.titles.has(value))
          run.emit('F-13', row, def.name, `专业技术职务${value}不在GB/T 8561代码中`, value)
        break
      case 'education':
        if (!educationCodes.has(value))
          run.emit(
            'F-05',
            row,
            def.name,
            `${label}“${value}”不在代码表中（${[...educationCodes].join('、')}）`,
            value,
          )
        break
      case 'expert':
        if (!cat.experts.has(value))
          run.emit(
            'F-05',
            row,
            def.name,
            `${label}“${value}”不在代码表中（${[...cat.experts].join('、')}）`,
            value,
          )
        break
    }
  }

  function number(row: CheckRow, f: FieldInfo, value: unknown) {
    const { def, layout, label } = f
    const scaled = toScaled(value)
    if (scaled === null) {
      run.emit(
        'F-02',
        row,
        def.name,
        `${label}“${String(value)}”超出字段宽度${layout.width}，无法写入TXT`,
        value,
      )
      return
    }
    if (scaled < 0n) {
      run.emit('F-14', row, def.name, `${label}不能为负数`, value)
      return
    }
    const written = fixed(value, layout.kind === 'D' ? layout.decimals : 0)!
    if (written.length > layout.width)
      run.emit('F-02', row, def.name, `${label}“${written}”超出字段宽度${layout.width}，无法写入TXT`, value)
  }

  return (row: CheckRow) => {
    for (const f of run.fields) {
      const value = row.values[f.def.name]
      if (isBlank(value)) {
        run.emit(
          'F-04',
          row,
          f.def.name,
          f.def.empty ? `${f.label}不能为空，如无请填“${f.def.empty}”` : `${f.label}不能为空`,
        )
        continue
      }
      if (f.layout.kind === 'N' || f.layout.kind === 'D') number(row, f, value)
      else text(row, f, String(value))
    }
  }
}

/** I-11 when the asset-class catalogue holds only the 大类. */
export function catalogueNotices(run: CheckRun, cat: Catalogues) {
  if ((run.table === 'sj1' || run.table === 'sj3') && run.on('F-11') && !cat.classDetailed)
    run.notice('I-11', '未导入分类编码，未校验分类号是否存在（只核对了大类）')
}

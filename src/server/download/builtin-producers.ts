import { equipmentExportCount, equipmentXlsx } from '../assets/equipment-export'
import { resultTaskProducers } from '../safety/result-tasks'
import { TEACH_DETAIL_PRODUCER, teachDetailRows, teachDetailXlsx } from '../desk/home/detail-export'
import { registerProducer } from './producers'

/** Producers of the exports whose areas queue them (`asyncTask=true`), by name. */
registerProducer('assets.equipment.xlsx', {
  fileExt: 'xlsx',
  async run({ data, params, progress }) {
    const total = await equipmentExportCount(data, params)
    await progress(0, total)
    return equipmentXlsx(data, params, (rows) => progress(rows, total))
  },
})

// 首页 教学统计明细 (the screen's filters; the caller's college scope applies as it queued it).
registerProducer(TEACH_DETAIL_PRODUCER, {
  fileExt: 'xlsx',
  async run({ data, params, progress }) {
    const rows = await teachDetailRows(data, params)
    await progress(0, rows.length)
    return teachDetailXlsx(rows, (done) => progress(done, rows.length))
  },
})

// 安全考试 成绩管理 后台导出: 成绩单, 证书 zip, 答卷明细.
for (const [name, producer] of Object.entries(resultTaskProducers)) registerProducer(name, producer)

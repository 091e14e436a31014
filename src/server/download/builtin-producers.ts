import { equipmentExportCount, equipmentXlsx } from '../assets/equipment-export'
import { resultTaskProducers } from '../safety/result-tasks'
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

// 安全考试 成绩管理 后台导出: 成绩单, 证书 zip, 答卷明细.
for (const [name, producer] of Object.entries(resultTaskProducers)) registerProducer(name, producer)

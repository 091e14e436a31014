import type { DictionarySeed } from '../system/dictionary-data'
import { REPAIR_DICTS } from '../../shared/resources/repairs/repairs'

/** The code lists of repair requests (docs/domain/assets.md). */
export const REPAIR_DICTIONARIES: DictionarySeed[] = [
  [
    REPAIR_DICTS.status,
    '报修状态',
    [
      ['0', '草稿'],
      ['1', '待受理'],
      ['2', '维修中'],
      ['3', '已完成'],
      ['4', '已退回'],
      ['5', '已撤销'],
    ],
  ],
  [
    REPAIR_DICTS.faultType,
    '故障类型',
    [
      ['1', '无法开机'],
      ['2', '运行异常'],
      ['3', '部件损坏'],
      ['4', '精度偏差'],
      ['5', '软件故障'],
      ['9', '其他'],
    ],
  ],
  [
    REPAIR_DICTS.urgency,
    '紧急程度',
    [
      ['1', '一般'],
      ['2', '紧急'],
      ['3', '特急'],
    ],
  ],
  [
    REPAIR_DICTS.result,
    '维修结果',
    [
      ['1', '已修复'],
      ['2', '无法修复（待报废）'],
      ['3', '无故障'],
    ],
  ],
]

/** Label of a code in one of the lists above. */
export function repairLabel(code: string, key: unknown): string {
  const list = REPAIR_DICTIONARIES.find(([c]) => c === code)?.[2] ?? []
  return list.find(([k]) => k === String(key))?.[1] ?? String(key ?? '')
}

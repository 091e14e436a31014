import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { dict } from '../db/schema'
import { nextId } from '../core/ids'
import type { DictionarySeed } from '../system/dictionary-data'
import { ASSET_DICTS } from '../../shared/resources/assets/common'

/**
 * The code lists of equipment, donations, work logs and cooperation (docs/domain/assets.md). The
 * SJ1 lists keep the MOE codes: 仪器来源 1-4, 现状码 1-9 (5-7 leave the stock), 使用方向 1-2 for
 * SJ1 (3+ are the register's other uses, left out of SJ1), 国别码 GB/T 2659 numeric.
 */
export const ASSET_DICTIONARIES: DictionarySeed[] = [
  [
    ASSET_DICTS.source,
    '仪器来源',
    [
      ['1', '购置'],
      ['2', '捐赠'],
      ['3', '自制'],
      ['4', '校外调入'],
    ],
  ],
  [
    ASSET_DICTS.status,
    '设备现状',
    [
      ['1', '在用'],
      ['2', '多余'],
      ['3', '待修'],
      ['4', '待报废'],
      ['5', '丢失', '减少'],
      ['6', '报废', '减少'],
      ['7', '调出', '减少'],
      ['8', '降档'],
      ['9', '其他'],
    ],
  ],
  [
    ASSET_DICTS.direction,
    '使用方向',
    [
      ['1', '教学为主', 'SJ1'],
      ['2', '科研为主', 'SJ1'],
      ['3', '行政办公'],
      ['4', '生活后勤'],
      ['5', '生产经营'],
      ['6', '技术开发'],
      ['7', '社会服务'],
      ['9', '其他'],
    ],
  ],
  [
    ASSET_DICTS.fundSource,
    '经费来源',
    [
      ['1', '教学经费'],
      ['2', '科研经费'],
      ['3', '学科建设经费'],
      ['4', '实验室建设经费'],
      ['5', '捐赠'],
      ['6', '自筹经费'],
      ['9', '其他'],
    ],
  ],
  [
    ASSET_DICTS.changeType,
    '设备变动类型',
    [
      ['1', '现状变更'],
      ['2', '单价调整'],
      ['3', '现状及单价变更'],
    ],
  ],
  [
    ASSET_DICTS.country,
    '国别码',
    [
      ['156', '中国'],
      ['840', '美国'],
      ['392', '日本'],
      ['276', '德国'],
      ['826', '英国'],
      ['250', '法国'],
      ['380', '意大利'],
      ['756', '瑞士'],
      ['528', '荷兰'],
      ['752', '瑞典'],
      ['208', '丹麦'],
      ['246', '芬兰'],
      ['578', '挪威'],
      ['040', '奥地利'],
      ['056', '比利时'],
      ['724', '西班牙'],
      ['372', '爱尔兰'],
      ['203', '捷克'],
      ['616', '波兰'],
      ['643', '俄罗斯'],
      ['410', '韩国'],
      ['702', '新加坡'],
      ['356', '印度'],
      ['376', '以色列'],
      ['036', '澳大利亚'],
      ['124', '加拿大'],
      ['344', '中国香港'],
      ['446', '中国澳门'],
      ['158', '中国台湾'],
      ['000', '未知'],
    ],
  ],
  [
    ASSET_DICTS.donorType,
    '捐赠方类型',
    [
      ['1', '企业'],
      ['2', '校友'],
      ['3', '个人'],
      ['4', '基金会'],
      ['5', '政府及事业单位'],
      ['9', '其他'],
    ],
  ],
  [
    ASSET_DICTS.worklogType,
    '工作日志类型',
    [
      ['1', '日常管理'],
      ['2', '设备维护'],
      ['3', '安全检查'],
      ['4', '教学保障'],
      ['5', '开放服务'],
      ['9', '其他'],
    ],
  ],
  [
    ASSET_DICTS.cooperation,
    '校企合作类型',
    [
      ['1', '共建实验室'],
      ['2', '实习实训基地'],
      ['3', '订单培养'],
      ['4', '产学研合作'],
      ['5', '设备捐赠'],
      ['9', '其他'],
    ],
  ],
  [
    ASSET_DICTS.enterpriseStatus,
    '校企合作状态',
    [
      ['1', '洽谈中'],
      ['2', '执行中'],
      ['3', '已到期'],
      ['4', '已终止'],
    ],
  ],
]

/** Seeds platform dictionaries (`blade_dict`) whose code is not there yet. */
export async function seedDictionaries(db: Db, seeds: DictionarySeed[]): Promise<void> {
  const present = new Set(
    (
      await db
        .select({ code: dict.code })
        .from(dict)
        .where(
          and(
            eq(dict.parentId, '0'),
            inArray(
              dict.code,
              seeds.map(([code]) => code),
            ),
          ),
        )
    ).map((r) => r.code),
  )
  for (const [code, name, items] of seeds) {
    if (present.has(code)) continue
    const rootId = nextId()
    await db
      .insert(dict)
      .values({ id: rootId, parentId: '0', code, dictKey: '-1', dictValue: name, sort: 100 })
    await db.insert(dict).values(
      items.map(([dictKey, dictValue, remark], i) => ({
        id: nextId(),
        parentId: rootId,
        code,
        dictKey,
        dictValue,
        remark: remark ?? null,
        sort: i + 1,
      })),
    )
  }
}

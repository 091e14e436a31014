import { defineResource } from '../../resource/types'

/**
 * 《高等学校固定资产分类及编码》 (教育部): the 分类号 of SJ1/SJ3 and of every equipment record. Platform-wide
 * reference data (like 学科专业目录), kept by the platform administrator through `assetclass/importData`
 * and read by every 分类号 picker through `assetclass/list`. Codes are stored as their hierarchy gives
 * them: 2 digits 大类, 4 中类, 6 小类, 8 细目 (an 8-digit code padded with "00" names its parent).
 */
export const assetClassResource = defineResource({
  name: 'assetClass',
  table: 'sys_asset_class',
  basePath: '/api/report/assetclass',
  label: { zh: '资产分类编码', en: 'Asset classes' },
  tenant: false,
  permission: 'report_task_assetclass',
  routes: ['list'],
  defaultSort: { field: 'code' },
  fields: [
    {
      name: 'code',
      type: 'string',
      max: 8,
      label: { zh: '分类号', en: 'Code' },
      required: { zh: '请输入分类号', en: 'Please enter the code' },
      rules: [
        {
          pattern: '^(\\d{2}){1,4}$',
          message: { zh: '分类号应为2、4、6或8位数字', en: '2, 4, 6 or 8 digits' },
        },
      ],
      search: 'like',
    },
    {
      name: 'name',
      type: 'string',
      max: 100,
      label: { zh: '分类名称', en: 'Name' },
      required: { zh: '请输入分类名称', en: 'Please enter the name' },
      search: 'like',
    },
    { name: 'parentCode', type: 'string', max: 8, label: { zh: '上级分类号', en: 'Parent' } },
    { name: 'level', type: 'int', label: { zh: '层级', en: 'Level' } },
  ],
})

/** The 16 大类 of the classification; the rest comes from the administrator's import. */
export const ASSET_CLASS_TOP: readonly (readonly [string, string])[] = [
  ['01', '房屋及构筑物'],
  ['02', '土地及植物'],
  ['03', '仪器仪表'],
  ['04', '机电设备'],
  ['05', '电子设备'],
  ['06', '印刷机械'],
  ['07', '卫生医疗器械'],
  ['08', '文体设备'],
  ['09', '标本模型'],
  ['10', '文物及陈列品'],
  ['11', '图书'],
  ['12', '工具、量具和器皿'],
  ['13', '家具'],
  ['14', '行政办公设备'],
  ['15', '被服装具'],
  ['16', '牲畜'],
]

/**
 * The stored form of a code: digits only, an odd length left-padded ("3" → "03"), trailing "00"
 * pairs dropped ("03000000" → "03"), so a padded 8-digit code and its parent are the same entry.
 */
export function canonicalClassCode(raw: string): string {
  let code = raw.replace(/\s/g, '')
  if (code.length % 2 === 1) code = `0${code}`
  while (code.length > 2 && code.endsWith('00')) code = code.slice(0, -2)
  return code
}

/** The parent of a stored code ('' for a 大类). */
export const parentClassCode = (code: string): string => (code.length > 2 ? code.slice(0, -2) : '')

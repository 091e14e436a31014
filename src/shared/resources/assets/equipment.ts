import { defineResource } from '../../resource/types'
import { ASSET_DICTS, dictField, labSerialField, textField, unitField, remarkText } from './common'

/** 单价 threshold of SJ3 贵重仪器设备 (元, inclusive), and the class prefix it applies to. */
export const VALUABLE_PRICE = 400000
export const VALUABLE_CLASS_PREFIX = '03'

/** A 贵重仪器设备 of SJ3: 分类号 03… and 单价 ≥ 400,000 元. */
export const isValuable = (e: { classCode?: unknown; price?: unknown }) =>
  String(e.classCode ?? '').startsWith(VALUABLE_CLASS_PREFIX) && Number(e.price) >= VALUABLE_PRICE

/** 现状码 that leave the stock (丢失, 报废, 调出): SJ2 counts them as 减少. */
export const LEFT_STOCK_STATUS = [5, 6, 7] as const

const label = (zh: string, en: string) => ({ zh, en })

/**
 * 仪器设备 (`assets_equipment`): one row per item (台件), carrying every SJ1 field, the keys SJ3 and
 * SJ7 need, and the register's own management fields. 现状 and 单价 changes are kept in
 * `assets_equipment_change`, so SJ2 (stock at the start and end of a 学年) derives from the history.
 */
export const equipmentResource = defineResource({
  name: 'equipment',
  table: 'assets_equipment',
  basePath: '/api/assets/equipment',
  label: label('仪器设备', 'Equipment'),
  tenant: true,
  permission: 'assets_equipment',
  routes: ['list', 'page', 'detail', 'save', 'submit', 'remove'],
  dialogWidth: 960,
  exportPath: '/api/assets/equipment/page-export',
  importPath: '/api/assets/equipment/importData',
  defaultSort: { field: 'equipmentNo' },
  fields: [
    {
      name: 'equipmentNo',
      type: 'string',
      max: 8,
      label: label('仪器编号', 'Equipment no.'),
      rules: [
        {
          pattern: '^[A-Za-z0-9]{1,8}$',
          message: label('仪器编号为1至8位字母或数字（SJ1 仪器编号 C8）', '1 to 8 letters or digits'),
        },
      ],
      unique: label('仪器编号已存在', 'The equipment number already exists'),
      search: 'like',
      sortable: true,
      columnWidth: 110,
    },
    textField('equipmentName', label('仪器名称', 'Name'), 50, {
      required: label('请输入仪器名称', 'Please enter the name'),
      search: 'like',
      columnWidth: 160,
    }),
    {
      name: 'classCode',
      type: 'string',
      max: 8,
      label: label('分类号', 'Class code'),
      required: label('请输入分类号', 'Please enter the class code'),
      rules: [
        {
          pattern: '^(\\d{2}){1,4}$',
          message: label(
            '分类号应为2、4、6或8位数字（高等学校固定资产分类及编码，不足8位补00）',
            '2, 4, 6 or 8 digits of the asset classification',
          ),
        },
      ],
      search: 'like',
      sortable: true,
    },
    textField('model', label('型号', 'Model'), 50, { search: 'like' }),
    textField('specification', label('规格', 'Specification'), 200, { list: false, span: 24 }),
    {
      name: 'price',
      type: 'decimal',
      label: label('单价(元)', 'Unit price (CNY)'),
      required: label('请输入单价', 'Please enter the price'),
      min: 0,
      maxValue: 9999999999.99,
      sortable: true,
    },
    {
      name: 'purchaseDate',
      type: 'date',
      label: label('购置日期', 'Accepted on'),
      required: label('请选择购置日期', 'Please select the acceptance date'),
      search: 'daterange',
      sortable: true,
    },
    dictField('source', label('仪器来源', 'Source'), ASSET_DICTS.source, {
      required: label('请选择仪器来源', 'Please select the source'),
      min: 1,
      maxValue: 4,
      default: 1,
    }),
    {
      name: 'countryCode',
      type: 'string',
      max: 3,
      label: label('国别码', 'Country'),
      control: 'select',
      dict: { code: ASSET_DICTS.country },
      rules: [
        { pattern: '^\\d{3}$', message: label('国别码应为3位数字（GB/T 2659）', 'Three digits (GB/T 2659)') },
      ],
      default: '156',
      list: false,
    },
    dictField('statusCode', label('现状', 'Status'), ASSET_DICTS.status, {
      required: label('请选择现状', 'Please select the status'),
      min: 1,
      maxValue: 9,
      default: 1,
    }),
    dictField('useDirection', label('使用方向', 'Use'), ASSET_DICTS.direction, {
      required: label('请选择使用方向', 'Please select the use'),
      min: 1,
      maxValue: 9,
      default: 1,
    }),
    dictField('fundSource', label('经费来源', 'Funding'), ASSET_DICTS.fundSource, {
      min: 1,
      maxValue: 9,
      list: false,
    }),
    unitField(),
    labSerialField(),
    {
      name: 'roomId',
      type: 'id',
      label: label('存放房间', 'Room'),
      control: 'select',
      remote: { url: '/api/lab/labroom/list', label: 'roomName', value: 'id' },
      list: false,
    },
    textField('location', label('存放地点', 'Location'), 100, { list: false }),
    textField('keeper', label('保管人', 'Keeper'), 30, { search: 'like' }),
    textField('unit', label('计量单位', 'Unit of count'), 10, { default: '台', list: false }),
    textField('manufacturer', label('生产厂家', 'Manufacturer'), 100, { list: false }),
    textField('factoryNo', label('出厂编号', 'Serial no.'), 50, { list: false }),
    textField('supplier', label('供应商', 'Supplier'), 100, { list: false }),
    { name: 'warrantyUntil', type: 'date', label: label('保修截止', 'Warranty until'), list: false },
    {
      name: 'scrapDate',
      type: 'date',
      label: label('减少日期', 'Left stock on'),
      list: false,
    },
    { name: 'donateId', type: 'id', label: label('捐赠记录', 'Donation'), form: false, list: false },
    remarkText(),
  ],
})

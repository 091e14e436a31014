import { defineResource } from '../../resource/types'
import { ASSET_DICTS, dictField, labSerialField, textField, unitField, remarkText } from './common'

const label = (zh: string, en: string) => ({ zh, en })

/**
 * 资产捐赠 (`assets_donate`): who gave what, when, to which unit and lab. The donated items are
 * equipment rows (仪器来源 2 捐赠, `donate_id` = this row): the submit body carries them as `items`,
 * and `totalValue` / `itemCount` are their sums, kept by the server.
 */
export const donateResource = defineResource({
  name: 'donate',
  table: 'assets_donate',
  basePath: '/api/assets/donate',
  label: label('资产捐赠', 'Donations'),
  tenant: true,
  permission: 'assets_donate',
  dialogWidth: 1100,
  defaultSort: { field: 'donateDate', desc: true },
  fields: [
    textField('donateNo', label('捐赠编号', 'Donation no.'), 20, {
      form: false,
      search: 'like',
      sortable: true,
    }),
    textField('donorName', label('捐赠方', 'Donor'), 100, {
      required: label('请输入捐赠方', 'Please enter the donor'),
      search: 'like',
      columnWidth: 160,
    }),
    dictField('donorType', label('捐赠方类型', 'Donor type'), ASSET_DICTS.donorType, {
      required: label('请选择捐赠方类型', 'Please select the donor type'),
      min: 1,
      maxValue: 9,
    }),
    {
      name: 'donateDate',
      type: 'date',
      label: label('捐赠日期', 'Donated on'),
      required: label('请选择捐赠日期', 'Please select the date'),
      search: 'daterange',
      sortable: true,
    },
    textField('agreementNo', label('协议编号', 'Agreement no.'), 50, { list: false }),
    unitField(),
    labSerialField(),
    textField('contactPerson', label('联系人', 'Contact'), 30, { list: false }),
    textField('contactPhone', label('联系电话', 'Phone'), 20, { list: false }),
    { name: 'itemCount', type: 'int', label: label('台件数', 'Items'), form: false },
    { name: 'totalValue', type: 'decimal', label: label('总价值(元)', 'Total value (CNY)'), form: false },
    {
      name: 'content',
      type: 'string',
      max: 500,
      label: label('捐赠说明', 'Description'),
      control: 'textarea',
      span: 24,
      list: false,
    },
    remarkText(),
  ],
})

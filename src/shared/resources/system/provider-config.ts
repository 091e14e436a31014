import { remarkField } from '../../resource/fields'
import type { FieldDef } from '../../resource/types'

/**
 * The fields every provider configuration (object storage, SMS) has, in form order: its category
 * (from the dictionary of the same code), its unique `<kind>Code`, the provider's address field,
 * the key pair, the provider's own fields, and a remark.
 */
export const providerConfigFields = (kind: 'oss' | 'sms', address: FieldDef, own: FieldDef[]): FieldDef[] => [
  {
    name: 'category',
    type: 'int',
    label: { zh: '分类', en: 'Category' },
    required: { zh: '请选择分类', en: 'Please select the category' },
    control: 'select',
    dict: { code: kind },
    search: 'equal',
  },
  {
    name: `${kind}Code`,
    type: 'string',
    max: 32,
    label: { zh: '资源编号', en: 'Code' },
    required: { zh: '请输入资源编号', en: 'Please enter the code' },
    unique: { zh: '资源编号已存在', en: 'The code already exists' },
    search: 'like',
  },
  address,
  { name: 'accessKey', type: 'string', max: 255, label: { zh: 'accessKey', en: 'Access key' } },
  {
    name: 'secretKey',
    type: 'string',
    max: 255,
    label: { zh: 'secretKey', en: 'Secret key' },
    control: 'password',
    list: false,
  },
  ...own,
  remarkField(),
]

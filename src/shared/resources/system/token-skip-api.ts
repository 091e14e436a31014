import { defineResource } from '../../resource/types'
import { remarkField } from '../../resource/fields'

/** APIs reachable without a token (besides the built-in skip list). Platform-wide. */
export const tokenSkipApiResource = defineResource({
  name: 'tokenSkipApi',
  table: 'blade_token_skip_api',
  basePath: '/api/secure/tokenskipapi',
  label: { zh: '免鉴权接口', en: 'Token-free APIs' },
  tenant: false,
  permission: 'system_tokenskipapi',
  fields: [
    {
      name: 'name',
      type: 'string',
      max: 100,
      label: { zh: '接口名称', en: 'Name' },
      required: { zh: '请输入接口名称', en: 'Please enter the name' },
      search: 'like',
    },
    {
      name: 'url',
      type: 'string',
      max: 255,
      label: { zh: '接口地址', en: 'Path' },
      required: { zh: '请输入接口地址', en: 'Please enter the path' },
      rules: [
        {
          pattern: '^/api/[A-Za-z0-9_\\-/.]*\\*{0,2}$',
          message: {
            zh: '接口地址必须以 /api/ 开头,只能以 * 或 ** 结尾',
            en: 'The path must start with /api/ and may end with * or **',
          },
        },
      ],
      unique: { zh: '接口地址已存在', en: 'The path already exists' },
      search: 'like',
    },
    remarkField(),
  ],
})

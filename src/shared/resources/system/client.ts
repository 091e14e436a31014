import { defineResource } from '../../resource/types'

/** OAuth clients (blade_client). The secret is write-only: stored hashed, never returned. */
export const clientResource = defineResource({
  name: 'client',
  table: 'blade_client',
  basePath: '/api/blade-system/client',
  label: { zh: '应用管理', en: 'Clients' },
  tenant: false,
  permission: 'client',
  defaultSort: { field: 'clientId' },
  fields: [
    {
      name: 'clientId',
      type: 'string',
      max: 48,
      label: { zh: '应用id', en: 'Client id' },
      required: { zh: '请输入应用id', en: 'Please enter the client id' },
      rules: [
        {
          pattern: '^[A-Za-z0-9_\\-]+$',
          message: { zh: '应用id只能包含字母、数字、下划线和短横线', en: 'Letters, digits, _ and - only' },
        },
      ],
      unique: { zh: '应用id已存在', en: 'The client id already exists' },
      search: 'like',
    },
    {
      name: 'clientSecret',
      type: 'string',
      max: 256,
      label: { zh: '应用密钥', en: 'Client secret' },
      control: 'password',
      list: false,
    },
    { name: 'scope', type: 'string', max: 256, label: { zh: '授权范围', en: 'Scope' }, default: 'all' },
    {
      name: 'authorizedGrantTypes',
      type: 'string',
      max: 256,
      label: { zh: '授权类型', en: 'Grant types' },
      required: { zh: '请输入授权类型', en: 'Please enter the grant types' },
      rules: [
        {
          pattern:
            '^(refresh_token|password|authorization_code|captcha|social|client_credentials|implicit)(,(refresh_token|password|authorization_code|captcha|social|client_credentials|implicit))*$',
          message: { zh: '授权类型格式不正确', en: 'Invalid grant types' },
        },
      ],
      span: 24,
    },
    {
      name: 'webServerRedirectUri',
      type: 'string',
      max: 256,
      label: { zh: '回调地址', en: 'Redirect URI' },
      list: false,
    },
    {
      name: 'resourceIds',
      type: 'string',
      max: 256,
      label: { zh: '资源集合', en: 'Resources' },
      list: false,
    },
    { name: 'authorities', type: 'string', max: 256, label: { zh: '权限', en: 'Authorities' }, list: false },
    {
      name: 'accessTokenValidity',
      type: 'int',
      label: { zh: '令牌过期秒数', en: 'Access token lifetime (s)' },
      required: { zh: '请输入令牌过期秒数', en: 'Please enter the access token lifetime' },
      min: 60,
      maxValue: 86400,
      default: 3600,
    },
    {
      name: 'refreshTokenValidity',
      type: 'int',
      label: { zh: '刷新令牌过期秒数', en: 'Refresh token lifetime (s)' },
      required: { zh: '请输入刷新令牌过期秒数', en: 'Please enter the refresh token lifetime' },
      min: 60,
      maxValue: 31536000,
      default: 604800,
    },
    {
      name: 'additionalInformation',
      type: 'string',
      max: 4096,
      label: { zh: '附加说明', en: 'Additional information' },
      list: false,
      span: 24,
    },
    {
      name: 'autoapprove',
      type: 'string',
      max: 256,
      label: { zh: '自动授权', en: 'Auto approve' },
      list: false,
    },
  ],
})

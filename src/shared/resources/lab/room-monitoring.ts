import { defineResource } from '../../resource/types'
import { enabledOptions } from './options'

/**
 * 房间监控 (`lab_room_monitoring`): the cameras, recorder channels, door controllers and sensors of a
 * room, with the address their stream or console is reached at. No credentials are kept: streams carry
 * their own authorisation on the school's network.
 */
export const roomMonitoringResource = defineResource({
  name: 'roommonitoring',
  table: 'lab_room_monitoring',
  basePath: '/api/lab/roommonitoring',
  label: { zh: '房间监控', en: 'Room monitoring' },
  tenant: true,
  permission: 'lab_roommonitoring',
  importPath: '/api/lab/roommonitoring/saveImportData',
  defaultSort: { field: 'sort' },
  fields: [
    {
      name: 'roomId',
      type: 'id',
      label: { zh: '房间', en: 'Room' },
      control: 'select',
      remote: { url: '/api/lab/roommonitoring/room-monitoring-select', label: 'roomNo', value: 'id' },
      required: { zh: '请选择房间', en: 'Please select the room' },
      search: 'equal',
    },
    {
      name: 'monitorName',
      type: 'string',
      max: 50,
      label: { zh: '设备名称', en: 'Name' },
      required: { zh: '请输入设备名称', en: 'Please enter the name' },
      search: 'like',
    },
    {
      name: 'monitorType',
      type: 'int',
      label: { zh: '设备类型', en: 'Type' },
      control: 'select',
      dict: { code: 'lab_monitor_type' },
      min: 1,
      maxValue: 99,
      default: 1,
      required: { zh: '请选择设备类型', en: 'Please select the type' },
      search: 'equal',
    },
    { name: 'brand', type: 'string', max: 50, label: { zh: '品牌', en: 'Brand' } },
    { name: 'model', type: 'string', max: 50, label: { zh: '型号', en: 'Model' }, list: false },
    {
      name: 'ip',
      type: 'string',
      max: 50,
      label: { zh: 'IP地址', en: 'IP address' },
      rules: [
        {
          pattern: '^((25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1?\\d?\\d)$',
          message: { zh: 'IP地址格式不正确', en: 'Invalid IP address' },
        },
      ],
      search: 'like',
    },
    {
      name: 'port',
      type: 'int',
      label: { zh: '端口', en: 'Port' },
      control: 'number',
      min: 1,
      maxValue: 65535,
      list: false,
    },
    {
      name: 'channel',
      type: 'int',
      label: { zh: '通道号', en: 'Channel' },
      control: 'number',
      min: 0,
      maxValue: 999,
      list: false,
    },
    {
      name: 'streamUrl',
      type: 'string',
      max: 500,
      label: { zh: '视频流地址', en: 'Stream URL' },
      rules: [
        {
          pattern: '^(rtsp|rtmp|https?)://[^\\s@]+$',
          message: {
            zh: '视频流地址应以 rtsp://、rtmp://、http:// 或 https:// 开头，且不能包含账号密码',
            en: 'rtsp, rtmp or http(s) URL without credentials',
          },
        },
      ],
      span: 24,
      list: false,
    },
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      control: 'select',
      options: enabledOptions(),
      min: 0,
      maxValue: 1,
      default: 1,
      search: 'equal',
    },
    {
      name: 'sort',
      type: 'int',
      label: { zh: '排序', en: 'Sort' },
      control: 'number',
      min: 0,
      maxValue: 100000,
      default: 0,
      list: false,
    },
    {
      name: 'remark',
      type: 'string',
      max: 255,
      label: { zh: '备注', en: 'Remark' },
      control: 'textarea',
      span: 24,
      list: false,
    },
  ],
})

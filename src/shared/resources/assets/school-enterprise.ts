import { defineResource } from '../../resource/types'
import { ASSET_DICTS, dictField, labSerialField, textField, unitField, remarkText } from './common'

const label = (zh: string, en: string) => ({ zh, en })

/**
 * 校企合作 (`lab_school_enterprise`): a cooperation agreement between the school and an enterprise
 * (co-built labs, practice bases, order classes, joint research, equipment donations), with its
 * college, lab, period, funds and state.
 */
export const schoolEnterpriseResource = defineResource({
  name: 'schoolenterprise',
  table: 'lab_school_enterprise',
  basePath: '/api/lab/schoolenterprise',
  label: label('校企合作', 'School-enterprise cooperation'),
  tenant: true,
  permission: 'lab_schoolenterprise',
  dialogWidth: 960,
  defaultSort: { field: 'startDate', desc: true },
  fields: [
    textField('enterpriseName', label('企业名称', 'Enterprise'), 100, {
      required: label('请输入企业名称', 'Please enter the enterprise'),
      search: 'like',
      columnWidth: 180,
    }),
    textField('creditCode', label('统一社会信用代码', 'Credit code'), 18, {
      rules: [
        {
          pattern: '^[0-9A-HJ-NPQRTUWXY]{2}\\d{6}[0-9A-HJ-NPQRTUWXY]{10}$',
          message: label('统一社会信用代码格式不正确', 'The credit code format is incorrect'),
        },
      ],
      list: false,
    }),
    dictField('cooperationType', label('合作类型', 'Cooperation'), ASSET_DICTS.cooperation, {
      required: label('请选择合作类型', 'Please select the cooperation'),
      min: 1,
      maxValue: 9,
    }),
    unitField(),
    labSerialField(),
    textField('projectName', label('合作项目', 'Project'), 100, { search: 'like' }),
    {
      name: 'startDate',
      type: 'date',
      label: label('开始日期', 'Starts'),
      required: label('请选择开始日期', 'Please select the start'),
      search: 'daterange',
      sortable: true,
    },
    { name: 'endDate', type: 'date', label: label('结束日期', 'Ends') },
    textField('agreementNo', label('协议编号', 'Agreement no.'), 50, { list: false }),
    {
      name: 'fund',
      type: 'decimal',
      label: label('合作经费(万元)', 'Funds (10k CNY)'),
      min: 0,
      maxValue: 99999999,
    },
    {
      name: 'studentCount',
      type: 'int',
      label: label('受益学生数', 'Students'),
      min: 0,
      maxValue: 999999,
      list: false,
    },
    textField('contactPerson', label('企业联系人', 'Contact'), 30, { list: false }),
    textField('contactPhone', label('联系电话', 'Phone'), 20, { list: false }),
    dictField('cooperationStatus', label('合作状态', 'State'), ASSET_DICTS.enterpriseStatus, {
      required: label('请选择合作状态', 'Please select the state'),
      min: 1,
      maxValue: 9,
      default: 2,
    }),
    {
      name: 'content',
      type: 'string',
      max: 2000,
      label: label('合作内容', 'Content'),
      control: 'textarea',
      span: 24,
      list: false,
    },
    remarkText(),
  ],
})

import { describe, expect, it } from 'vitest'
import { regionResource } from '../resources/system/region'
import { codeResource } from '../resources/system/code'
import { requiredText, treeFields } from './fields'
import type { FieldDef } from './types'
import { validateField } from './validate'

describe('shared field factories', () => {
  it('treeFields names the parent, title and messages after the node', () => {
    const { parent, title, sort, remark } = treeFields({
      noun: { zh: '机构', en: 'department' },
      treeUrl: '/api/blade-system/dept/tree',
      title: { name: 'deptName', max: 45 },
    })
    expect(parent).toMatchObject({ name: 'parentId', type: 'id', default: '0', list: false })
    expect(parent.label.zh).toBe('上级机构')
    expect(parent.remote).toEqual({
      url: '/api/blade-system/dept/tree',
      label: 'title',
      value: 'id',
      tree: true,
    })
    expect(validateField(title, '')).toBe('请输入机构名称')
    expect(title.required?.en).toBe('Please enter the department name')
    expect(validateField(sort, '100001')).toBe('排序不能大于100000')
    expect(remark).toMatchObject({ name: 'remark', control: 'textarea', list: false })
  })

  it('a parent keyed by code (regions) keeps its name, type and root', () => {
    const parent = (regionResource.fields as readonly FieldDef[]).find((f) => f.name === 'parentCode')!
    expect(parent).toMatchObject({ type: 'string', max: 12, default: '00' })
    expect(parent.remote?.value).toBe('value')
    expect(regionResource.tree.lazyLevels).toEqual({ route: 'lazy-tree', param: 'parentCode', root: '00' })
  })

  it('requiredText limits a text to a character set with a message naming the field', () => {
    const service = codeResource.fields.find((f) => f.name === 'serviceName')!
    expect(validateField(service, '')).toBe('请输入服务名')
    expect(validateField(service, 'Lab_Svc')).toBe('服务名只能包含小写字母、数字和短横线')
    expect(validateField(service, 'lab-svc')).toBeNull()
    const code = requiredText('code', { zh: '任务编号', en: 'Code' }, 8, { chars: 'code' })
    expect(validateField(code, 'a b')).toBe('任务编号只能包含字母、数字、下划线和短横线')
    expect(validateField(code, 'abcdefghi')).toBe('任务编号不能超过8个字符')
  })
})

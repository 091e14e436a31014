import { describe, expect, it } from 'vitest'
import { paramResource } from '../../shared/resources/system/param'
import {
  controlOf,
  decimalText,
  dialogWidthOf,
  emptyForm,
  formFields,
  formFromRow,
  listFields,
  offeredActions,
  permissionCode,
  searchFields,
  spanOf,
} from './fields'
import { columnIds } from './ResourceGrid'
import { noticeLike, packageLike } from '../../../tests/support/resource-defs'

describe('deriving the page from a definition', () => {
  it('gives the parameter screen its columns, search fields and form (spec 2.3)', () => {
    expect(columnIds(paramResource, true)).toEqual([
      '_index',
      'paramName',
      'paramKey',
      'paramValue',
      'remark',
      '_actions',
    ])
    expect(searchFields(paramResource).map((f) => f.name)).toEqual(['paramName', 'paramKey'])
    expect(formFields(paramResource).map((f) => [f.name, controlOf(f), spanOf(f)])).toEqual([
      ['paramName', 'input', 12],
      ['paramKey', 'input', 12],
      ['paramValue', 'textarea', 24],
      ['remark', 'textarea', 24],
    ])
    expect(dialogWidthOf(paramResource)).toBe(800)
  })

  it('gives the tenant package a menu multi-select tree, width 600 and no view button', () => {
    const menu = packageLike.fields.find((f) => f.name === 'menuId')!
    expect(controlOf(menu)).toBe('multitree')
    expect(dialogWidthOf(packageLike)).toBe(600)
    expect(offeredActions(packageLike)).toEqual(['add', 'edit', 'delete'])
    expect(permissionCode(packageLike, 'add')).toBe('tenant_package_add')
  })

  it('hides long text from the list unless asked, and offers export/import only when the definition has paths', () => {
    expect(listFields(noticeLike).map((f) => f.name)).toEqual([
      'title',
      'category',
      'phone',
      'releaseTime',
      'isTop',
    ])
    expect(offeredActions(noticeLike)).toEqual(['add', 'edit', 'view', 'delete', 'export', 'import'])
    expect(offeredActions(paramResource)).not.toContain('export')
  })

  it('picks controls from types and bindings', () => {
    const byName = Object.fromEntries(noticeLike.fields.map((f) => [f.name, controlOf(f)]))
    expect(byName).toEqual({
      title: 'input',
      category: 'select',
      phone: 'input',
      releaseTime: 'date',
      content: 'textarea',
      isTop: 'switch',
    })
  })

  it('starts a new form empty with switches off, and edits loaded rows with null as empty', () => {
    expect(emptyForm(noticeLike)).toMatchObject({ title: '', category: '', isTop: 0 })
    expect(
      formFromRow(paramResource, {
        id: '12',
        paramName: 'a',
        paramKey: 'k',
        paramValue: null,
        remark: undefined,
      }),
    ).toEqual({
      id: '12',
      paramName: 'a',
      paramKey: 'k',
      paramValue: '',
      remark: '',
    })
  })
})

describe('decimalText', () => {
  it('shows two places, and more only when they are not zeros', () => {
    expect(decimalText('120.0000')).toBe('120.00')
    expect(decimalText('12.5000')).toBe('12.50')
    expect(decimalText('1.2345')).toBe('1.2345')
    expect(decimalText('-3.1000')).toBe('-3.10')
    expect(decimalText(7)).toBe('7.00')
    expect(decimalText(null)).toBe('')
    expect(decimalText('n/a')).toBe('n/a')
  })
})

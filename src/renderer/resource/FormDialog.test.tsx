import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { paramResource } from '../../shared/resources/system/param'
import { FormDialog, saveBody, savePath } from './FormDialog'
import type { Lang } from './fields'

afterEach(cleanup)

const open = (lang: Lang) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <FormDialog
        def={paramResource}
        lang={lang}
        mode="add"
        onClose={() => undefined}
        onSaved={() => undefined}
      />
    </FluentProvider>,
  )

describe('the add dialog of the parameter screen', () => {
  it('shows 请输入参数名称 when the name is left empty, and only for the field that was left', async () => {
    open('zh')
    expect(screen.getByText('新增参数')).toBeTruthy()
    fireEvent.blur(screen.getByRole('textbox', { name: /参数名称/ }))
    expect(await screen.findByText('请输入参数名称')).toBeTruthy()
    expect(screen.queryByText('请输入参数键名')).toBeNull()
  })

  it('clears the message once the field has a value', async () => {
    open('zh')
    const name = screen.getByRole('textbox', { name: /参数名称/ })
    fireEvent.blur(name)
    await screen.findByText('请输入参数名称')
    fireEvent.change(name, { target: { value: '登录失败锁定次数' } })
    expect(screen.queryByText('请输入参数名称')).toBeNull()
  })

  it('shows every required message on save without calling the server', async () => {
    open('zh')
    fireEvent.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('请输入参数名称')).toBeTruthy()
    expect(screen.getByText('请输入参数键名')).toBeTruthy()
    expect(screen.getByText('请输入参数键值')).toBeTruthy()
    expect(screen.queryByText('备注')).toBeTruthy()
  })

  it('speaks the definition en text in English', async () => {
    open('en')
    fireEvent.blur(screen.getByRole('textbox', { name: /Name/ }))
    expect(await screen.findByText('Please enter the parameter name')).toBeTruthy()
  })
})

describe('saving', () => {
  it('posts to submit, with the id only on edit and lists comma-joined', () => {
    expect(savePath(paramResource, true)).toBe('/api/blade-system/param/submit')
    expect(
      saveBody(paramResource, { paramName: 'a', paramKey: 'b', paramValue: 'c', remark: '', extra: 'x' }),
    ).toEqual({
      paramName: 'a',
      paramKey: 'b',
      paramValue: 'c',
      remark: '',
    })
    expect(saveBody(paramResource, { paramName: 'a' }, '1849')).toMatchObject({ id: '1849', paramName: 'a' })
    expect(savePath({ ...paramResource, routes: ['page', 'save', 'update'] }, false)).toBe(
      '/api/blade-system/param/update',
    )
  })
})

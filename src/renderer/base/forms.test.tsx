import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ResourceDef } from '../../shared/resource/types'
import { teacherResource } from '../../shared/resources/base/teacher'
import { academicResource } from '../../shared/resources/base/academic'
import { FormDialog } from '../resource/FormDialog'
import { screens } from '../routes/registry'

afterEach(cleanup)

const open = (def: ResourceDef) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <FormDialog def={def} lang="zh" mode="add" onClose={() => undefined} onSaved={() => undefined} />
    </FluentProvider>,
  )

describe('base-data forms in the generic dialog', () => {
  it('checks the teacher form on blur with the definition’s messages', { timeout: 30_000 }, async () => {
    open(teacherResource)
    fireEvent.blur(screen.getByRole('textbox', { name: /工号/ }))
    expect(await screen.findByText('请输入工号')).toBeTruthy()
    const phone = screen.getByRole('textbox', { name: /手机号码/ })
    fireEvent.change(phone, { target: { value: '12345' } })
    fireEvent.blur(phone)
    expect(await screen.findByText('手机号码格式不正确')).toBeTruthy()
  })

  it('checks the school year format of a term', { timeout: 30_000 }, async () => {
    open(academicResource)
    const year = screen.getByRole('textbox', { name: /^学年(?!学期)/ })
    fireEvent.change(year, { target: { value: '2025' } })
    fireEvent.blur(year)
    expect(await screen.findByText('学年格式应为 2025-2026')).toBeTruthy()
  })

  it('registers every base-data screen path of screens.tsv', () => {
    for (const path of [
      '/base/teacher',
      '/base/student',
      '/base/class',
      '/base/major',
      '/base/majordirection',
      '/base/academic',
      '/base/edumajorinfo',
      '/base/profession',
    ]) {
      expect(screens[path], path).toBeTruthy()
    }
  })
})

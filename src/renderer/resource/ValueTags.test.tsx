import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { FieldDef } from '../../shared/resource/types'
import { ValueTags } from './ValueTags'

afterEach(cleanup)

const project: FieldDef = {
  name: 'projectId',
  type: 'id',
  label: { zh: '竞赛项目', en: 'Project' },
  // no IPC in jsdom: the catalogue answers nothing, as a project beyond its first page would
  remote: { url: '/catalogue/projects', label: 'projectName', value: 'id' },
}
const level: FieldDef = {
  name: 'level',
  type: 'int',
  label: { zh: '级别', en: 'Level' },
  options: [{ label: { zh: '校级', en: 'School' }, value: 1 }],
}

const show = (field: FieldDef, value: unknown, row?: Record<string, unknown>) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <ValueTags field={field} value={value} lang="zh" row={row} />
    </FluentProvider>,
  )

describe('ValueTags', () => {
  it('shows the row’s own label of a remote key the catalogue lacks, never the raw id', () => {
    show(project, '1900000000000000001', { projectId: '1900000000000000001', projectName: '机器人大赛' })
    expect(screen.getByText('机器人大赛')).toBeTruthy()
    expect(screen.queryByText('1900000000000000001')).toBeNull()
  })

  it('falls back to the key when the row has no label for it', () => {
    show(project, '1900000000000000002', { projectId: '1900000000000000002' })
    expect(screen.getByText('1900000000000000002')).toBeTruthy()
  })

  it('labels fixed options from the definition and ignores the row', () => {
    show(level, 1, { level: 1, projectName: '无关' })
    expect(screen.getByText('校级')).toBeTruthy()
  })
})

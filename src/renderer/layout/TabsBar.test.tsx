import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HOME_TAB, useTabs } from '../shell/tabs'
import { TabsBar } from './TabsBar'

afterEach(cleanup)

const LABS = { label: '实验室', path: '/lab/list' }
const USERS = { label: '用户管理', path: '/system/user' }

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>
}

function renderBar() {
  render(
    <FluentProvider theme={webLightTheme}>
      <MemoryRouter initialEntries={[LABS.path]}>
        <TabsBar labelOf={(tab) => tab.label} onSearch={() => undefined} onRefresh={() => undefined} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </FluentProvider>,
  )
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(name) })
const where = () => screen.getByTestId('where').textContent

describe('TabsBar keyboard', () => {
  beforeEach(() => useTabs.setState({ tabs: [HOME_TAB, LABS, USERS], active: LABS.path }))

  it('is one tab stop with tab roles, moved by the arrow keys, Home and End', () => {
    renderBar()
    expect(screen.getByRole('tablist')).toBeTruthy()
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1])
    expect(tab('实验室').getAttribute('aria-selected')).toBe('true')

    tab('实验室').focus()
    fireEvent.keyDown(tab('实验室'), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tab('用户管理'))
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0])
    fireEvent.keyDown(tab('用户管理'), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tab('首页'))
    fireEvent.keyDown(tab('首页'), { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(tab('用户管理'))
    fireEvent.keyDown(tab('用户管理'), { key: 'Home' })
    expect(document.activeElement).toBe(tab('首页'))
    fireEvent.keyDown(tab('首页'), { key: 'End' })
    expect(document.activeElement).toBe(tab('用户管理'))
    expect(where()).toBe(LABS.path)
  })

  it('opens the focused tab with Enter and Space', () => {
    renderBar()
    tab('实验室').focus()
    fireEvent.keyDown(tab('实验室'), { key: 'ArrowRight' })
    fireEvent.keyDown(tab('用户管理'), { key: 'Enter' })
    expect(where()).toBe(USERS.path)
    fireEvent.keyDown(tab('用户管理'), { key: 'Home' })
    fireEvent.keyDown(tab('首页'), { key: ' ' })
    expect(where()).toBe(HOME_TAB.path)
  })

  it('has a focusable, labelled close button per closable tab', async () => {
    renderBar()
    const closeLabs = screen.getByRole('button', { name: '关闭 实验室' })
    expect(closeLabs.tabIndex).toBe(0)
    expect(screen.getByRole('button', { name: '关闭 用户管理' }).tabIndex).toBe(-1)
    expect(screen.queryByRole('button', { name: '关闭 首页' })).toBeNull()
    await act(async () => fireEvent.click(closeLabs))
    expect(useTabs.getState().tabs.map((t) => t.path)).toEqual([HOME_TAB.path, USERS.path])
  })

  it('closes the current tab with Ctrl+W and cycles with Ctrl+Tab and Ctrl+Shift+Tab', async () => {
    renderBar()
    fireEvent.keyDown(window, { key: 'Tab', ctrlKey: true })
    expect(where()).toBe(USERS.path)
    fireEvent.keyDown(window, { key: 'Tab', ctrlKey: true })
    expect(where()).toBe(HOME_TAB.path)
    fireEvent.keyDown(window, { key: 'Tab', ctrlKey: true, shiftKey: true })
    expect(where()).toBe(USERS.path)

    await act(async () => fireEvent.keyDown(window, { key: 'w', ctrlKey: true }))
    expect(useTabs.getState().tabs.map((t) => t.path)).toEqual([HOME_TAB.path, LABS.path])
    expect(where()).toBe(LABS.path)
  })

  it('closes the tab just switched to when Ctrl+W follows Ctrl+Tab before the screen updates', async () => {
    renderBar()
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', ctrlKey: true }))
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'w', ctrlKey: true }))
    })
    expect(useTabs.getState().tabs.map((t) => t.path)).toEqual([HOME_TAB.path, LABS.path])
    expect(where()).toBe(LABS.path)
  })
})

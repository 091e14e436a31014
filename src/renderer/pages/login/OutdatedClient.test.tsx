import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { UpdaterStatus } from '../../../shared/ipc/contract'
import { OutdatedClient } from './OutdatedClient'

/**
 * The update notice against a stand-in for main's updater bridge (`window.api.updater` and its
 * `updater:status` event): what main's Updater answers in each state, and which actions were asked for.
 */
let current: UpdaterStatus
let asked: string[]
let emit: (status: UpdaterStatus) => void = () => undefined

const status = (state: UpdaterStatus['state'], more: Partial<UpdaterStatus> = {}): UpdaterStatus => ({
  state,
  version: null,
  percent: null,
  message: null,
  ...more,
})

beforeEach(() => {
  asked = []
  ;(window as unknown as { api: unknown }).api = {
    updater: {
      status: async () => current,
      check: async () => {
        asked.push('check')
        return status('checking')
      },
      install: async () => {
        asked.push('install')
      },
    },
    on: (event: string, listener: (s: UpdaterStatus) => void) => {
      if (event === 'updater:status') emit = listener
      return () => undefined
    },
  }
})
afterEach(cleanup)

const show = () =>
  render(
    <FluentProvider theme={webLightTheme}>
      <OutdatedClient outdated={{ version: '1.2.0', minVersion: '1.3.0' }} />
    </FluentProvider>,
  )

describe('the outdated-client notice on the sign-in screen', () => {
  it('says which version is needed and, with updates off, to ask the administrator', async () => {
    current = status('disabled')
    show()
    await screen.findByText('请联系管理员更新客户端')
    expect(screen.getByRole('alert').textContent).toContain(
      '当前客户端版本 1.2.0 过旧，请更新到 1.3.0 后再登录',
    )
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('checks for the update, shows the download, then restarts into it', async () => {
    current = status('idle')
    show()
    fireEvent.click(await screen.findByRole('button', { name: '检查更新' }))
    await screen.findByText('正在检查更新')
    expect(asked).toEqual(['check'])
    act(() => emit(status('downloading', { version: '1.3.0', percent: 42.5 })))
    await screen.findByText('正在下载更新 42%')
    act(() => emit(status('downloaded', { version: '1.3.0', percent: 100 })))
    fireEvent.click(await screen.findByRole('button', { name: '立即更新' }))
    expect(asked).toEqual(['check', 'install'])
  })

  it('says so when the feed has nothing newer, and can check again', async () => {
    current = status('not-available', { version: '1.2.0' })
    show()
    await screen.findByText('更新源中没有新版本，请联系管理员更新客户端')
    await screen.findByRole('button', { name: '检查更新' })
  })
})

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { TestHost, type TestWindow } from '../../../tests/host/test-host'
import { SettingsStore } from '../settings/settings'
import { createMainWindow } from './main-window'
import { placeWindow } from './placement'

const laptop = { x: 0, y: 0, width: 1920, height: 1040 }
const monitor = { x: 1920, y: 0, width: 2560, height: 1400 }
const screenOf = (...areas: (typeof laptop)[]) => ({
  getAllDisplays: () => areas.map((workArea) => ({ workArea })),
  getPrimaryDisplay: () => ({ workArea: areas[0]! }),
})

describe('placeWindow', () => {
  it('keeps saved bounds that are on a display that is still there', () => {
    const saved = { x: 2100, y: 100, width: 1440, height: 900 }
    expect(placeWindow(saved, screenOf(laptop, monitor))).toEqual(saved)
  })

  it('moves bounds on a display that is gone onto the primary display, centred and no larger than it', () => {
    const saved = { x: 2100, y: 100, width: 2400, height: 1300 }
    expect(placeWindow(saved, screenOf(laptop))).toEqual({ x: 0, y: 0, width: 1920, height: 1040 })
    const smaller = { x: 2100, y: 100, width: 1440, height: 900 }
    expect(placeWindow(smaller, screenOf(laptop))).toEqual({ x: 240, y: 70, width: 1440, height: 900 })
  })

  it('moves a window mostly off every display, and centres one with no saved place', () => {
    // Only a 100 px strip on the laptop.
    expect(placeWindow({ x: 1820, y: 0, width: 1440, height: 900 }, screenOf(laptop))).toEqual({
      x: 240,
      y: 70,
      width: 1440,
      height: 900,
    })
    expect(placeWindow(null, screenOf(laptop))).toEqual({ x: 240, y: 70, width: 1440, height: 900 })
  })
})

describe('the main window', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('opens on the primary display when its saved display is gone, and stays maximized when it was', () => {
    dir = mkdtempSync(join(tmpdir(), 'lab-window-'))
    const open = (host: TestHost) =>
      createMainWindow(host, {
        appUrl: 'file:///app/index.html',
        preloadPath: '/app/preload.cjs',
        settings: new SettingsStore(host),
        openExternal: async () => false,
      })
    const docked = new TestHost({ userDataDir: dir, displays: [laptop, monitor] })
    const first = open(docked) as TestWindow
    first.setBounds({ x: 2200, y: 200, width: 1600, height: 1000 })
    first.maximize()
    first.close()

    const undocked = new TestHost({ userDataDir: dir, displays: [laptop] })
    const second = open(undocked) as TestWindow
    expect(second.options).toMatchObject({ x: 160, y: 20, width: 1600, height: 1000 })
    expect(second.isMaximized()).toBe(true)
  })
})

import { afterAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { moveLegacyData, resolveDataDir } from './data-dir'

describe('resolveDataDir', () => {
  it('uses the non-roaming local folder on Windows', () => {
    expect(
      resolveDataDir({
        platform: 'win32',
        env: { LOCALAPPDATA: 'C:\\Users\\t\\AppData\\Local' },
        userDataDir: 'C:\\Users\\t\\AppData\\Roaming\\实验实训管理系统',
        homeDir: 'C:\\Users\\t',
      }),
    ).toBe('C:\\Users\\t\\AppData\\Local\\实验实训管理系统')
  })

  it('falls back to AppData\\Local under the profile when LOCALAPPDATA is unset', () => {
    expect(
      resolveDataDir({
        platform: 'win32',
        env: {},
        userDataDir: 'C:\\Users\\t\\AppData\\Roaming\\Lab',
        homeDir: 'C:\\Users\\t',
      }),
    ).toBe('C:\\Users\\t\\AppData\\Local\\Lab')
  })

  it('uses Application Support on macOS and XDG_DATA_HOME (or ~/.local/share) on Linux', () => {
    const base = { userDataDir: '/home/t/.config/Lab', homeDir: '/home/t' }
    expect(resolveDataDir({ ...base, platform: 'darwin', env: {}, homeDir: '/Users/t' })).toBe(
      '/Users/t/Library/Application Support/Lab',
    )
    expect(resolveDataDir({ ...base, platform: 'linux', env: { XDG_DATA_HOME: '/data/t' } })).toBe(
      '/data/t/Lab',
    )
    expect(resolveDataDir({ ...base, platform: 'linux', env: {} })).toBe('/home/t/.local/share/Lab')
  })

  it('takes the folder machine policy names', () => {
    expect(
      resolveDataDir({
        platform: 'win32',
        env: { LOCALAPPDATA: 'C:\\L' },
        userDataDir: 'C:\\R\\Lab',
        homeDir: 'C:\\Users\\t',
        policyDir: 'D:\\LabData',
      }),
    ).toBe('D:\\LabData')
  })
})

describe('moveLegacyData', () => {
  const root = mkdtempSync(join(tmpdir(), 'lab-datadir-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  const legacy = (name: string) => {
    const dir = join(root, name)
    mkdirSync(join(dir, 'db'), { recursive: true })
    writeFileSync(join(dir, 'db', 'PG_VERSION'), '17')
    mkdirSync(join(dir, 'files'))
    writeFileSync(join(dir, 'files', 'a.txt'), 'a')
    writeFileSync(join(dir, 'settings.json'), '{}')
    return dir
  }

  it('moves db/ and files/ from userData to the new folder once, leaving the rest', () => {
    const userData = legacy('move')
    const dataDir = join(root, 'move-new')
    expect(moveLegacyData(userData, dataDir)).toBe(true)
    expect(readFileSync(join(dataDir, 'db', 'PG_VERSION'), 'utf8')).toBe('17')
    expect(readFileSync(join(dataDir, 'files', 'a.txt'), 'utf8')).toBe('a')
    expect(existsSync(join(userData, 'db'))).toBe(false)
    expect(existsSync(join(userData, 'settings.json'))).toBe(true)
    expect(moveLegacyData(userData, dataDir)).toBe(false)
  })

  it('leaves both alone when the new folder already has a database', () => {
    const userData = legacy('keep')
    const dataDir = legacy('keep-new')
    writeFileSync(join(dataDir, 'db', 'PG_VERSION'), 'new')
    expect(moveLegacyData(userData, dataDir)).toBe(false)
    expect(readFileSync(join(dataDir, 'db', 'PG_VERSION'), 'utf8')).toBe('new')
    expect(existsSync(join(userData, 'db', 'PG_VERSION'))).toBe(true)
  })
})

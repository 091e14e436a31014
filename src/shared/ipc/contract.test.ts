import { describe, expect, it } from 'vitest'
import { ApiPath, SettingsPatch } from './contract'

describe('IPC contract schemas', () => {
  it.each([
    ['', true],
    ['http://10.0.0.1:8080', true],
    ['https://lab.school.edu.cn/', true],
    ['javascript:alert(1)', false],
    ['file:///etc/passwd', false],
    ['ftp://files.example', false],
  ])('server URL %j accepted: %s', (serverUrl, ok) => {
    expect(SettingsPatch.safeParse({ serverUrl }).success).toBe(ok)
  })

  it('lets the renderer set only its own settings', () => {
    expect(SettingsPatch.safeParse({ windowBounds: { x: 0 } }).success).toBe(false)
    expect(SettingsPatch.safeParse({ errorLog: [] }).success).toBe(false)
    expect(SettingsPatch.safeParse({ language: 'en', theme: 'dark' }).success).toBe(true)
  })

  it.each([
    ['/api/blade-system/param/list', true],
    ['/api/blade-resource/oss/endpoint/put-file', true],
    ['/api/report/sj1/exportTxt', true],
    ['/api/../x', false],
    ['/api/./x', false],
    ['/api//x', false],
    ['http://evil/api/x', false],
    ['/oauth/token', false],
    ['/api/x?y=1', false],
    ['/api/x#frag', false],
    ['/api/blade-auth/oauth/token', false],
    ['/api/blade-auth/oauth/token/', false],
  ])('API path %j accepted: %s', (path, ok) => {
    expect(ApiPath.safeParse(path).success).toBe(ok)
  })
})

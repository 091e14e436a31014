import { describe, expect, it } from 'vitest'
import { ApiPath, IMAGE_MAX_BYTES, SaveImageRequest, SettingsPatch } from './contract'

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

  describe('files:save-image', () => {
    const png = (size: number) => {
      const b = new Uint8Array(size)
      b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
      return b
    }
    const accepted = (req: unknown) => SaveImageRequest.safeParse(req).success

    it('takes PNG bytes of at most 10 MB under a .png name', () => {
      expect(accepted({ suggestedName: '实验室类别-20250312.png', bytes: png(100) })).toBe(true)
      expect(accepted({ suggestedName: 'a.png', bytes: png(IMAGE_MAX_BYTES) })).toBe(true)
    })

    it('refuses other data, larger images and other names', () => {
      expect(
        accepted({
          suggestedName: 'a.png',
          bytes: new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0x3e, 0, 0, 0, 0, 0]),
        }),
      ).toBe(false)
      expect(accepted({ suggestedName: 'a.png', bytes: png(IMAGE_MAX_BYTES + 1) })).toBe(false)
      expect(accepted({ suggestedName: 'a.exe', bytes: png(100) })).toBe(false)
      expect(accepted({ suggestedName: 'a.png', bytes: 'iVBORw0KGgo=' })).toBe(false)
    })
  })
})

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'

const config = parse(
  readFileSync(fileURLToPath(new URL('../../../electron-builder.yml', import.meta.url)), 'utf8'),
) as { electronFuses?: Record<string, unknown> }

/** The fuses electron-builder 26 (FuseOptionsV1) flips into the packaged Electron binary. */
const REQUIRED_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableCookieEncryption: true,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false,
}

describe('electron-builder.yml electronFuses', () => {
  it.each(Object.entries(REQUIRED_FUSES))('sets %s to %s', (fuse, value) => {
    expect(config.electronFuses, 'electronFuses block missing').toBeTypeOf('object')
    expect(config.electronFuses?.[fuse]).toBe(value)
  })
})

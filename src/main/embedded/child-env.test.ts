import { describe, expect, it } from 'vitest'
import { childEnv } from './child-env'

describe('the embedded server environment', () => {
  it("carries the OS essentials and the app's variables, never the user's server settings", () => {
    const env = childEnv(
      { LAB_DATA_DIR: '/data', PORT: '4321' },
      {
        PATH: '/usr/bin',
        HOME: '/home/u',
        LANG: 'zh_CN.UTF-8',
        SystemRoot: 'C:\\Windows',
        DATABASE_URL: 'postgres://elsewhere/db',
        PORT: '80',
        LAB_DEMO: '1',
        LAB_ADMIN_PASSWORD: 'x',
        NODE_OPTIONS: '--inspect',
        ELECTRON_RUN_AS_NODE: '1',
      },
    )
    expect(env).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/u',
      LANG: 'zh_CN.UTF-8',
      SystemRoot: 'C:\\Windows',
      LAB_DATA_DIR: '/data',
      PORT: '4321',
    })
  })
})

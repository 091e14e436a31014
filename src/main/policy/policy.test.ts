import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { managedPreferenceFiles, readMacPolicy } from './macos'
import { readMachinePolicy } from './policy'
import { parseRegQuery, type RegRunner } from './windows'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

/** `reg.exe` answering from recorded output: HKLM and HKCU fixtures; any other key does not exist. */
function recordedReg(files: { HKLM?: string; HKCU?: string }): { run: RegRunner; calls: string[][] } {
  const calls: string[][] = []
  const run: RegRunner = async (args) => {
    calls.push(args)
    const hive = args[1]?.split('\\')[0] as 'HKLM' | 'HKCU'
    const file = files[hive]
    return file ? readFile(fixture(file)) : null
  }
  return { run, calls }
}

describe('machine policy: Windows registry through reg query', () => {
  it('parses REG_SZ, REG_DWORD, REG_MULTI_SZ and REG_EXPAND_SZ values of the key, not its subkeys', async () => {
    process.env.PROGRAMDATA_TEST = 'C:\\ProgramData'
    const values = parseRegQuery(await readFile(fixture('reg-query-hklm.txt'), 'utf8'))
    expect(values).toEqual({
      ServerUrl: 'https://lab.school.edu.cn/',
      AllowEmbeddedServer: 0,
      UpdateCheckHours: 12,
      UpdateChannel: 'nightly',
      ExtraCACertificates: [
        'C:\\ProgramData\\LabTraining\\school-ca.pem',
        'C:\\ProgramData\\LabTraining\\proxy-ca.pem',
      ],
      DataDirectory: 'C:\\ProgramData\\LabTraining\\data',
    })
  })

  it('takes HKLM over HKCU, validates every key and drops a bad value with a log line', async () => {
    const reg = recordedReg({ HKLM: 'reg-query-hklm.txt', HKCU: 'reg-query-hkcu.txt' })
    const log: string[] = []
    const policy = await readMachinePolicy(
      { kind: 'system' },
      { platform: 'win32', runReg: reg.run, log: (l) => log.push(l) },
    )
    expect(reg.calls).toContainEqual(['query', 'HKLM\\SOFTWARE\\Policies\\LabTraining\\LabTrainingClient'])
    expect(reg.calls).toContainEqual(['query', 'HKCU\\SOFTWARE\\Policies\\LabTraining\\LabTrainingClient'])
    expect(policy.ServerUrl).toBe('https://lab.school.edu.cn')
    expect(policy.AllowEmbeddedServer).toBe(false)
    expect(policy.UpdateCheckHours).toBe(12)
    expect(policy.LogLevel).toBe('debug')
    // HKLM's invalid `nightly` is dropped, so nothing is pinned: HKLM's value won the merge before validation.
    expect(policy.UpdateChannel).toBeUndefined()
    expect(log.some((l) => l.includes('UpdateChannel ignored'))).toBe(true)
    expect(policy.ExtraCACertificates).toHaveLength(2)
  })

  it('no policy key at all: an empty policy and no keys in effect', async () => {
    const policy = await readMachinePolicy(
      { kind: 'system' },
      { platform: 'win32', runReg: recordedReg({}).run },
    )
    expect(policy).toEqual({})
  })
})

describe('machine policy: macOS managed preferences', () => {
  it('reads the XML plist of the machine over the binary plist of the user', async () => {
    const log: string[] = []
    const raw = await readMacPolicy({
      machine: fixture('managed.plist'),
      user: fixture('user-managed.bplist'),
    })
    expect(raw.ServerUrl).toBe('https://lab.school.edu.cn')
    expect(raw.LogLevel).toBe('warn')
    expect(raw.UpdatesEnabled).toBe(true)
    const { validatePolicy } = await import('./keys')
    const policy = validatePolicy(raw, (l) => log.push(l))
    expect(policy).toMatchObject({
      ServerUrl: 'https://lab.school.edu.cn',
      AllowEmbeddedServer: false,
      UpdateChannel: 'stable',
      UpdateCheckHours: 6,
      ProxyPacUrl: 'http://wpad.school.edu.cn/proxy.pac',
      ExtraCACertificates: ['/Library/Application Support/LabTraining/school-ca.pem'],
    })
    // The update feed must be https.
    expect(policy.UpdateUrl).toBeUndefined()
    expect(log).toEqual([expect.stringContaining('UpdateUrl ignored: 更新地址必须是 https 地址')])
  })

  it('looks in /Library/Managed Preferences for the bundle id, machine-wide and per user', () => {
    expect(managedPreferenceFiles('teacher')).toEqual({
      machine: '/Library/Managed Preferences/cn.edu.lab.training.plist',
      user: '/Library/Managed Preferences/teacher/cn.edu.lab.training.plist',
    })
  })
})

describe('machine policy: a JSON file (Linux /etc/lab-training/policy.json)', () => {
  it('keeps the valid keys, logs the bad and unknown ones, and reports the keys in effect', async () => {
    const log: string[] = []
    const policy = await readMachinePolicy(
      { kind: 'file', path: fixture('policy.json') },
      { platform: 'linux', log: (l) => log.push(l) },
    )
    expect(policy).toEqual({
      ServerUrl: 'https://lab.school.edu.cn',
      AllowEmbeddedServer: false,
      UpdateUrl: 'https://updates.school.edu.cn/lab',
      UpdateChannel: 'beta',
      UpdatesEnabled: true,
      UpdateCheckHours: 24,
      ProxyServer: 'http://proxy.school.edu.cn:8080',
      DataDirectory: '/var/lib/lab-training',
    })
    expect(log).toHaveLength(2)
    expect(log[0]).toContain('LogLevel ignored')
    expect(log[1]).toContain('unknown key Colour')
  })

  it('a missing file is no policy; a broken one is logged and ignored', async () => {
    const log: string[] = []
    expect(
      await readMachinePolicy({ kind: 'file', path: fixture('none.json') }, { log: (l) => log.push(l) }),
    ).toEqual({})
    expect(
      await readMachinePolicy({ kind: 'file', path: fixture('managed.plist') }, { log: (l) => log.push(l) }),
    ).toEqual({})
    expect(log).toEqual([expect.stringContaining('is not valid JSON')])
  })
})

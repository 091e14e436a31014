import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = fileURLToPath(new URL('../..', import.meta.url))
const config = parse(readFileSync(`${root}/electron-builder.yml`, 'utf8'))
const targets = (platform: string) =>
  (config[platform].target as Array<{ target: string } | string>).map((t) =>
    typeof t === 'string' ? t : t.target,
  )

describe('electron-builder.yml', () => {
  it('builds NSIS (per-user or per-machine) and a per-machine MSI for Windows, dmg, zip and pkg for macOS', () => {
    expect(targets('win')).toEqual(expect.arrayContaining(['nsis', 'msi']))
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false, allowElevation: true })
    expect(config.msi).toMatchObject({ perMachine: true })
    expect(config.msi.upgradeCode).toMatch(/^[0-9a-f-]{36}$/)
    expect(targets('mac')).toEqual(expect.arrayContaining(['dmg', 'zip', 'pkg']))
  })

  it('signs Windows files through the sign hook and names the publisher electron-updater checks', () => {
    const hook = config.win.signtoolOptions.sign as string
    expect(hook).toBe('./build/sign-windows.mjs')
    expect(readFileSync(`${root}/${hook}`, 'utf8')).toContain('export async function sign(')
    expect(config.win.signtoolOptions.publisherName.length).toBeGreaterThan(0)
  })

  it('publishes to the https feed of LAB_UPDATE_URL, and the dist scripts refuse anything but https', () => {
    expect(config.publish).toMatchObject({ provider: 'generic', url: '${env.LAB_UPDATE_URL}' })
    const scripts = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')).scripts as Record<string, string>
    for (const name of ['dist:win', 'dist:mac'])
      expect(scripts[name]).toMatch(/^node scripts\/check-update-url\.mjs && /)
    const check = (url: string) => {
      try {
        execFileSync(process.execPath, [`${root}/scripts/check-update-url.mjs`], {
          env: { ...process.env, LAB_UPDATE_URL: url },
          stdio: 'pipe',
        })
        return 'accepted'
      } catch {
        return 'refused'
      }
    }
    expect(check('https://updates.school.edu.cn/lab-training')).toBe('accepted')
    expect(check('http://updates.school.edu.cn/lab-training')).toBe('refused')
    expect(check('')).toBe('refused')
  })
})

import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SignJWT } from 'jose'
import { TestSafeStorage } from '../../../tests/host/test-host'
import { openVault, type Keychain } from './vault'
import { decodeVaultRecord, encodeVaultRecord, KEYCHAIN_LIMIT_BYTES, type VaultRecord } from './vault-record'

/**
 * A refresh token with the claims our server signs (src/server/auth/issue.ts, HS256 with jose), for
 * a user with many roles and a long avatar URL.
 */
async function bigRefreshToken(): Promise<string> {
  const roles = Array.from({ length: 14 }, (_, i) => ({
    id: `17${String(1_000_000_000_000_000 + i * 7919).slice(1)}`,
    alias: [
      'administrator',
      'lab_admin',
      'teacher',
      '实验室管理员',
      '设备管理员',
      'report_clerk',
      '学院管理员',
    ][i % 7]!,
  }))
  const avatar =
    `https://files.school.example.edu.cn/lab/avatar/${randomBytes(470).toString('hex')}.png`.slice(0, 1000)
  const claims = {
    user_name: 'zhang.san.admin',
    scope: ['all'],
    authorities: roles.map((r) => r.alias),
    client_id: 'lab_desktop',
    tenant_id: '000000',
    user_id: '1790000000000000123',
    dept_id: '1790000000000000201,1790000000000000202,1790000000000000203',
    post_id: '1790000000000000301',
    role_id: roles.map((r) => r.id).join(','),
    oauth_id: '',
    account: 'zhang.san.admin',
    nick_name: '张三',
    real_name: '张三丰',
    role_name: roles.map((r) => r.alias).join(','),
    avatar,
    detail: { type: 'web' },
    license: 'powered by bladex',
    sid: randomBytes(16).toString('hex'),
    jti: randomBytes(16).toString('hex'),
    exp: Math.floor(Date.now() / 1000) + 604_800,
    ati: randomBytes(16).toString('hex'),
  }
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(randomBytes(32).toString('hex')))
}

async function bigRecord(): Promise<VaultRecord> {
  return {
    refreshToken: await bigRefreshToken(),
    tenantId: '000000',
    deptId: '1790000000000000201',
    roleId: '1790000000000000101',
    account: 'zhang.san.admin',
  }
}

/** A keychain that refuses secrets over Windows Credential Manager's limit, as Windows does. */
function windowsLikeKeychain(): Keychain & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getPassword: async (_s, a) => entries.get(a) ?? null,
    setPassword: async (_s, a, p) => {
      if (Buffer.byteLength(p, 'utf8') > KEYCHAIN_LIMIT_BYTES) throw new Error('The stub received bad data.')
      entries.set(a, p)
    },
    deletePassword: async (_s, a) => entries.delete(a),
  }
}

describe('the vault record', () => {
  it(`stays under ${KEYCHAIN_LIMIT_BYTES} bytes for many roles and a 1,000-character avatar URL`, async () => {
    const record = await bigRecord()
    const stored = encodeVaultRecord(record)
    const bytes = Buffer.byteLength(stored, 'utf8')
    console.log(`vault record: ${bytes} bytes (refresh token alone ${record.refreshToken.length})`)
    expect(bytes).toBeLessThan(KEYCHAIN_LIMIT_BYTES)
    expect(decodeVaultRecord(stored)).toEqual(record)
  })

  it('reads the old whole-session record (access token, user) so an update keeps users signed in', () => {
    const old = JSON.stringify({
      accessToken: 'a.b.c',
      refreshToken: 'r.s.t',
      issuedAt: 1,
      tenantId: '000000',
      deptId: 'd',
      roleId: 'r',
      user: { account: 'admin', avatar: 'x' },
    })
    expect(decodeVaultRecord(old)).toEqual({
      refreshToken: 'r.s.t',
      tenantId: '000000',
      deptId: 'd',
      roleId: 'r',
      account: 'admin',
    })
    expect(decodeVaultRecord('z2:not-deflate')).toBeNull()
  })

  it('fits a Windows-sized keychain, and a secret the keychain refuses goes to safeStorage', async () => {
    const keychain = windowsLikeKeychain()
    const dir = mkdtempSync(join(tmpdir(), 'vault-'))
    const vault = await openVault({ keychain: async () => keychain, safeStorage: new TestSafeStorage(), dir })
    const stored = encodeVaultRecord(await bigRecord())
    await vault.save('http://school.example', stored)
    expect(keychain.entries.get('http://school.example')).toBe(stored)
    expect(readdirSync(dir)).toHaveLength(0)

    const tooBig = 'x'.repeat(KEYCHAIN_LIMIT_BYTES + 1)
    await vault.save('http://school.example', tooBig)
    expect(keychain.entries.has('http://school.example')).toBe(false)
    expect(readdirSync(dir)).toHaveLength(1)
    expect(await vault.load('http://school.example')).toBe(tooBig)
    expect(vault.kind).toBe('keychain')

    await vault.clear('http://school.example')
    expect(await vault.load('http://school.example')).toBeNull()
    expect(readdirSync(dir)).toHaveLength(0)
  })
})

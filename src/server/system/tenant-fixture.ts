/** Test fixture (used by the *.test.ts files of the system areas): a second tenant with its admin signed in. */
import type { TestServer } from '../../../tests/support/server'

export interface TenantFixture {
  tenantId: string
  id: string
  password: string
  token: string
}

export async function createTenant(
  t: TestServer,
  platformToken: string,
  name: string,
): Promise<TenantFixture> {
  const res = await t
    .api(platformToken)
    .post('/api/blade-system/tenant/submit', { body: { tenantName: name, linkman: '联系人' } })
  if (res.status !== 200) throw new Error(`tenant submit failed: ${res.status} ${JSON.stringify(res.body)}`)
  const { tenantId, id, adminPassword } = res.body.data as {
    tenantId: string
    id: string
    adminPassword: string
  }
  const token = await t.login('admin', adminPassword, tenantId)
  return { tenantId, id, password: adminPassword, token }
}

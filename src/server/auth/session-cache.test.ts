import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createUser, roleId } from '../../../tests/support/fixtures'
import { authSession, menu, roleMenu, setting } from '../db/schema'
import { nextId } from '../core/ids'
import { SESSION_CACHE_TTL_MS, SessionStateCache } from './session-cache'
import { revokeUserSessions } from './sessions'
import { PERMISSION_VERSION_KEY } from './settings'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t?.close())

const sessionOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid
const pastTtl = () => new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_TTL_MS + 100))

/** What another server process sharing the database does: write the rows, bypassing this process. */
const revokeElsewhere = (sid: string) =>
  t.database.db.update(authSession).set({ revoked: true }).where(eq(authSession.id, sid))
const bumpElsewhere = () =>
  t.database.db
    .update(setting)
    .set({ value: String(Date.now()) })
    .where(eq(setting.key, PERMISSION_VERSION_KEY))

describe('session state cache', () => {
  it('answers from memory within the TTL and reads the database again after it', async () => {
    const token = await t.login()
    const sid = sessionOf(token)
    const cache = new SessionStateCache()
    expect((await cache.get(t.database.db, sid)).alive).toBe(true)
    await revokeElsewhere(sid)
    await pastTtl()
    expect((await cache.get(t.database.db, sid)).alive).toBe(false)
  })

  it('a session revoked by this process is refused on the very next request', async () => {
    const u = await createUser(t.database, { account: 'cache_revoke', roleAlias: 'teacher' })
    const token = await t.login(u.account, u.password)
    expect((await t.api(token).get('/api/blade-user/info')).status).toBe(200)
    await revokeUserSessions(t.database.db, u.id)
    expect((await t.api(token).get('/api/blade-user/info')).status).toBe(401)
  })

  it('a session revoked by another process is refused once the TTL has passed', async () => {
    const token = await t.login()
    expect((await t.api(token).get('/api/blade-user/info')).status).toBe(200)
    await revokeElsewhere(sessionOf(token))
    await pastTtl()
    expect((await t.api(token).get('/api/blade-user/info')).status).toBe(401)
  })

  it('a grant changed by another process takes effect once the TTL has passed', async () => {
    const u = await createUser(t.database, { account: 'cache_grant', roleAlias: 'student' })
    const token = await t.login(u.account, u.password)
    expect((await t.api(token).get('/api/blade-user/page')).status).toBe(403)
    const studentRole = await roleId(t.database, 'student')
    const [userMenu] = await t.database.db.select().from(menu).where(eq(menu.code, 'user'))
    await t.database.db.insert(roleMenu).values({ id: nextId(), roleId: studentRole, menuId: userMenu.id })
    await t.database.db
      .insert(setting)
      .values({ key: PERMISSION_VERSION_KEY, value: '1' })
      .onConflictDoNothing()
    await bumpElsewhere()
    await pastTtl()
    expect((await t.api(token).get('/api/blade-user/page')).status).toBe(200)
    await t.database.db
      .delete(roleMenu)
      .where(and(eq(roleMenu.roleId, studentRole), eq(roleMenu.menuId, userMenu.id)))
    await bumpElsewhere()
    await pastTtl()
    expect((await t.api(token).get('/api/blade-user/page')).status).toBe(403)
  })
})

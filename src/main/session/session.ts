import { createHash } from 'node:crypto'
import type {
  ClientOutdated,
  EventName,
  EventPayload,
  LoginRequest,
  RegisterGuestRequest,
  SessionState,
  SessionUser,
} from '@shared/ipc/contract'
import { CallFailure } from '../errors/call-failure'
import type { HttpClient } from '../http/client'
import { log } from '../log'
import { ClientOutdatedError, outdatedBy, readMinVersion } from './min-version'
import type { Clock } from './clock'
import { RefreshScheduler, type RenewResult } from './refresh-scheduler'
import { ScreenLock } from './screen-lock'
import { readEntry, writeEntry, type SessionStore } from './session-store'
import { TokenReply, userOf } from './token'
import type { Vault } from './vault'
import { decodeVaultRecord, encodeVaultRecord, type VaultRecord } from './vault-record'

export const DEFAULT_TENANT_ID = '000000'
const TOKEN_PATH = '/api/blade-auth/oauth/token'
/** Why the user is back on the sign-in screen when the server gave no reason of its own. */
export const SESSION_EXPIRED = '登录已过期，请重新登录'

export interface SessionOptions {
  http: HttpClient
  vault: Vault
  /** Non-secret state kept across restarts: the user shown while resuming, the screen lock. */
  store: SessionStore
  clock: Clock
  serverUrl: string
  embedded: boolean
  /** This client's version, checked against the server's minimum before signing in or resuming. */
  appVersion: string
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
}

/**
 * The signed-in session, held in the main process only. The access token lives in memory only; the
 * vault keeps what resuming needs (refresh token, tenant, department/role choice, account). A start
 * with a stored refresh token refreshes before anything is served; a 401 gets one shared refresh
 * and a retry; only the token endpoint refusing the refresh token ends the session. While the server
 * cannot be reached the state says `offline` and the session waits. The renderer gets
 * `SessionState`, never a token.
 */
export class Session {
  private record: VaultRecord | null = null
  private access: string | null = null
  private user: SessionUser | null = null
  private offline = false
  private signedOutReason: string | undefined
  private outdated: ClientOutdated | null = null
  readonly scheduler: RefreshScheduler
  readonly screenLock: ScreenLock

  constructor(private readonly options: SessionOptions) {
    this.scheduler = new RefreshScheduler(options.clock, { attempt: (signal) => this.attemptRefresh(signal) })
    this.screenLock = new ScreenLock(options.store, options.serverUrl)
  }

  /** Picks up the session kept at the last run and refreshes its token before anything is served. */
  async restore(): Promise<void> {
    const saved = await this.options.vault.load(this.options.serverUrl).catch((e: unknown) => {
      log.warn('could not read the vault', e)
      return null
    })
    this.record = saved ? decodeVaultRecord(saved) : null
    if (!this.record) {
      this.screenLock.forget()
      return
    }
    // Too old for the server: the kept session stays in the vault for the updated client to resume.
    if (await this.outdatedFor(this.record.tenantId)) {
      this.record = null
      this.changed()
      return
    }
    this.user = readEntry(this.options.store, 'profiles', this.options.serverUrl) ?? blankUser(this.record)
    // An old record may hold the user and access token too: store it again in the small form.
    if (!saved!.startsWith('z2:')) await this.saveRecord(this.record)
    await this.renew()
  }

  dispose(): void {
    this.scheduler.stop()
  }

  accessToken(): string | null {
    return this.access
  }

  tenantId(): string {
    return this.record?.tenantId || DEFAULT_TENANT_ID
  }

  get locked(): boolean {
    return this.record !== null && this.screenLock.locked
  }

  state(): SessionState {
    return {
      signedIn: this.record !== null,
      user: this.record && this.user ? { ...this.user } : null,
      serverUrl: this.options.serverUrl,
      embedded: this.options.embedded,
      vault: this.options.vault.kind,
      locked: this.locked,
      offline: this.offline,
      lockPasswordSet: this.record !== null && this.screenLock.hasPassword,
      idleLockMinutes: this.idleLockMinutes(),
      ...(this.signedOutReason && !this.record ? { signedOutReason: this.signedOutReason } : {}),
      ...(this.outdated && !this.record ? { clientOutdated: { ...this.outdated } } : {}),
    }
  }

  /**
   * A new access token, shared by everyone who asks at the same time. Resolves true when there is
   * one; a refused refresh token signs out (with the server's reason) and resolves false.
   */
  async renew(): Promise<boolean> {
    if (!this.record) return false
    const result = await this.scheduler.refresh()
    if (result.kind === 'refused') await this.expire(result.reason)
    return result.kind === 'ok'
  }

  /** What the HTTP client saw: any answer means the server is there, status 0 that it is not. */
  reachable(reachable: boolean): void {
    if (this.offline === !reachable) return
    this.offline = !reachable
    this.changed()
  }

  get isOffline(): boolean {
    return this.offline
  }

  /** Back from sleep, screen unlocked or network back: check the token now. */
  recheck(): Promise<boolean> {
    return this.renew()
  }

  async captcha(): Promise<{ key: string; image: string }> {
    const reply = await this.options.http.request<Record<string, unknown>>({
      method: 'GET',
      path: '/api/blade-auth/oauth/captcha',
      withoutToken: true,
    })
    // Flavour A answers the raw {key, image}; flavour C wraps it in the envelope.
    const body = (isRecord(reply.data) ? reply.data : reply) as Record<string, unknown>
    if (typeof body.key !== 'string' || typeof body.image !== 'string')
      throw new CallFailure('验证码获取失败', 500)
    return { key: body.key, image: body.image }
  }

  /**
   * Refuses to sign in (ClientOutdatedError) when the server's minimum client version is above this
   * client's. A server that does not say (older, or unreachable) lets the sign-in go ahead.
   */
  async requireSupportedVersion(tenantId = this.tenantId()): Promise<void> {
    const before = this.outdated
    const outdated = await this.outdatedFor(tenantId)
    if (outdated || before) this.changed()
    if (outdated) throw new ClientOutdatedError(outdated)
  }

  async login(req: LoginRequest): Promise<SessionState> {
    const tenantId = req.tenantId || DEFAULT_TENANT_ID
    await this.requireSupportedVersion(tenantId)
    const reply = await this.options.http.request<unknown>({
      method: 'POST',
      path: TOKEN_PATH,
      withoutToken: true,
      query: {
        tenantId,
        username: req.account,
        password: md5(req.password),
        grant_type: 'captcha',
        scope: 'all',
        type: 'account',
      },
      headers: {
        'Tenant-Id': tenantId,
        'Dept-Id': req.deptId ?? '',
        'Role-Id': req.roleId ?? '',
        'Captcha-Key': req.captchaKey,
        'Captcha-Code': req.captchaCode,
      },
    })
    this.screenLock.forget()
    await this.accept(reply, { deptId: req.deptId, roleId: req.roleId })
    return this.changed()
  }

  /** Sign-in with a code from the single sign-on page (sso.ts), for the redirect it was issued to. */
  async loginWithCode(code: string, redirectUri: string): Promise<SessionState> {
    const reply = await this.options.http.request<unknown>({
      method: 'POST',
      path: TOKEN_PATH,
      withoutToken: true,
      query: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, scope: 'all' },
    })
    this.screenLock.forget()
    await this.accept(reply, {})
    return this.changed()
  }

  /** A department/role switch: a refresh with new Dept-Id/Role-Id (errors go to the caller). */
  async switch(chosen: { deptId: string; roleId: string }): Promise<SessionState> {
    const current = this.record
    if (!current) throw new CallFailure('请先登录', 401)
    const reply = await this.refreshCall(current, chosen)
    if (this.record !== current) return this.state()
    await this.accept(reply, chosen)
    return this.changed()
  }

  async logout(): Promise<void> {
    if (this.record && this.access) {
      await this.options.http
        .request({ method: 'GET', path: '/api/blade-auth/oauth/logout', timeoutMs: 5_000 })
        .catch(() => undefined)
    }
    this.signedOutReason = undefined
    await this.clear()
    this.changed()
  }

  /** The server refused the refresh token: clear everything and send the renderer to /login, saying why. */
  async expire(reason: string): Promise<void> {
    const wasSignedIn = this.record !== null
    await this.clear()
    if (wasSignedIn) {
      this.signedOutReason = reason || SESSION_EXPIRED
      this.options.emit('session:expired', { reason: this.signedOutReason })
      this.changed()
    }
  }

  /** Locks with a new lock password, or with the one set before (auto-lock) when none is given. */
  lock(password?: string): void {
    if (!this.record) throw new CallFailure('请先登录', 401)
    if (!password && !this.screenLock.hasPassword) throw new CallFailure('请先设置锁屏密码', 400)
    this.screenLock.lock(password)
    this.changed()
  }

  unlock(password: string): boolean {
    if (!this.locked) return true
    if (!this.screenLock.unlock(password)) return false
    this.changed()
    // Whatever the lock held back (a refresh due meanwhile) can run now.
    if (!this.access) void this.renew()
    return true
  }

  idleLockMinutes(): number {
    return this.options.store.get('idleLockMinutes') ?? 0
  }

  setIdleLockMinutes(minutes: number): SessionState {
    this.options.store.set('idleLockMinutes', minutes)
    return this.changed()
  }

  async registerGuest(req: RegisterGuestRequest): Promise<{ success: boolean; msg: string }> {
    const reply = await this.options.http.request<Record<string, unknown>>({
      method: 'POST',
      path: '/api/blade-user/register-guest',
      withoutToken: true,
      query: {
        tenantId: req.tenantId,
        name: req.name,
        account: req.account,
        password: md5(req.password),
        oauthId: req.oauthId ?? '',
      },
      headers: { 'Tenant-Id': req.tenantId },
    })
    return {
      success: reply.success === true || reply.success === 'true',
      msg: typeof reply.msg === 'string' ? reply.msg : '',
    }
  }

  private async outdatedFor(tenantId: string): Promise<ClientOutdated | null> {
    const minVersion = await readMinVersion(this.options.http, tenantId)
    this.outdated = minVersion ? outdatedBy(this.options.appVersion, minVersion) : null
    return this.outdated
  }

  /** One refresh attempt for the scheduler: refused only when the token endpoint says 400/401. */
  private async attemptRefresh(signal: AbortSignal): Promise<RenewResult> {
    const current = this.record
    if (!current) return { kind: 'refused', reason: SESSION_EXPIRED }
    try {
      const reply = await this.refreshCall(current, current, signal)
      // Signed out (or in again) while the refresh was on its way: drop its answer.
      if (this.record !== current) return { kind: 'ok', expiresInSeconds: 0 }
      const expiresIn = await this.accept(reply, current, false)
      return { kind: 'ok', expiresInSeconds: expiresIn }
    } catch (e) {
      if (e instanceof CallFailure && (e.status === 400 || e.status === 401)) {
        return { kind: 'refused', reason: e.message || SESSION_EXPIRED }
      }
      log.warn('token refresh failed; will retry', e instanceof Error ? e.message : e)
      if (e instanceof CallFailure && e.status === 0) this.reachable(false)
      return { kind: 'unreachable' }
    }
  }

  private refreshCall(
    current: VaultRecord,
    chosen: { deptId: string; roleId: string },
    signal?: AbortSignal,
  ): Promise<unknown> {
    return this.options.http.request<unknown>({
      method: 'POST',
      path: TOKEN_PATH,
      withoutToken: true,
      signal,
      timeoutMs: signal ? 15_000 : undefined,
      query: {
        tenantId: current.tenantId,
        refresh_token: current.refreshToken,
        grant_type: 'refresh_token',
        scope: 'all',
      },
      headers: { 'Tenant-Id': current.tenantId, 'Dept-Id': chosen.deptId, 'Role-Id': chosen.roleId },
    })
  }

  /** Takes a token reply; plans the next refresh unless the scheduler does it (`schedule` false). */
  private async accept(
    reply: unknown,
    chosen: { deptId?: string; roleId?: string },
    schedule = true,
  ): Promise<number> {
    if (isRecord(reply) && typeof reply.error_description === 'string' && reply.error_description) {
      throw new CallFailure(reply.error_description, 400)
    }
    const parsed = TokenReply.safeParse(reply)
    if (!parsed.success) throw new CallFailure('登录失败: 服务器返回的令牌格式不正确', 500)
    const record: VaultRecord = {
      refreshToken: parsed.data.refresh_token,
      tenantId: parsed.data.tenant_id,
      deptId: chosen.deptId ?? '',
      roleId: chosen.roleId ?? '',
      account: parsed.data.account,
    }
    this.record = record
    this.access = parsed.data.access_token
    this.user = userOf(parsed.data)
    this.signedOutReason = undefined
    writeEntry(this.options.store, 'profiles', this.options.serverUrl, this.user)
    await this.saveRecord(record)
    if (schedule) this.scheduler.tokenIssued(parsed.data.expires_in)
    return parsed.data.expires_in
  }

  private async saveRecord(record: VaultRecord): Promise<void> {
    await this.options.vault
      .save(this.options.serverUrl, encodeVaultRecord(record))
      .catch((e: unknown) => log.error('could not save the session in the vault', e))
  }

  private async clear(): Promise<void> {
    this.record = null
    this.access = null
    this.user = null
    this.scheduler.stop()
    this.screenLock.forget()
    writeEntry(this.options.store, 'profiles', this.options.serverUrl, null)
    await this.options.vault
      .clear(this.options.serverUrl)
      .catch((e: unknown) => log.warn('could not clear the vault', e))
  }

  private changed(): SessionState {
    const state = this.state()
    this.options.emit('session:changed', state)
    return state
  }
}

/** The user before the first refresh of a run answered, when no profile was kept. */
function blankUser(record: VaultRecord): SessionUser {
  return {
    userId: '',
    tenantId: record.tenantId,
    account: record.account,
    userName: record.account,
    nickName: '',
    realName: '',
    avatar: '',
    roleId: record.roleId,
    roleName: '',
    deptId: record.deptId,
  }
}

export function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex')
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

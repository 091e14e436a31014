import { createHash } from 'node:crypto'
import type {
  EventName,
  EventPayload,
  LoginRequest,
  RegisterGuestRequest,
  SessionState,
} from '@shared/ipc/contract'
import { CallFailure } from '../errors/call-failure'
import type { HttpClient } from '../http/client'
import type { Clock } from './clock'
import { RefreshTimer } from './refresh-timer'
import { TokenRecord, TokenReply, toTokenRecord } from './token'
import type { Vault } from './vault'

export const DEFAULT_TENANT_ID = '000000'
const TOKEN_PATH = '/api/blade-auth/oauth/token'

export interface SessionOptions {
  http: HttpClient
  vault: Vault
  clock: Clock
  serverUrl: string
  embedded: boolean
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
  tokenTimeSeconds?: number
}

/**
 * The signed-in session, held in the main process only. Tokens live here and in the vault (keyed by
 * server URL); the renderer gets `SessionState`, never a token. The lock password and flag live in
 * memory only, so they do not survive a restart.
 */
export class Session {
  private record: TokenRecord | null = null
  private lockPassword: string | null = null
  private locked = false
  readonly timer: RefreshTimer

  constructor(private readonly options: SessionOptions) {
    this.timer = new RefreshTimer(options.clock, {
      issuedAt: () => this.record?.issuedAt ?? null,
      refresh: () => this.refresh().then(() => undefined),
      tokenTimeSeconds: options.tokenTimeSeconds,
    })
  }

  /** Picks up the session kept in the vault at the last run, then starts the refresh timer. */
  async restore(): Promise<void> {
    const saved = await this.options.vault.load(this.options.serverUrl).catch(() => null)
    if (saved) {
      const parsed = TokenRecord.safeParse(safeJson(saved))
      this.record = parsed.success ? parsed.data : null
    }
    this.timer.start()
  }

  dispose(): void {
    this.timer.stop()
  }

  accessToken(): string | null {
    return this.record?.accessToken ?? null
  }

  tenantId(): string {
    return this.record?.tenantId || DEFAULT_TENANT_ID
  }

  state(): SessionState {
    return {
      signedIn: this.record !== null,
      user: this.record ? { ...this.record.user } : null,
      serverUrl: this.options.serverUrl,
      embedded: this.options.embedded,
      vault: this.options.vault.kind,
      locked: this.record !== null && this.locked,
    }
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

  async login(req: LoginRequest): Promise<SessionState> {
    const tenantId = req.tenantId || DEFAULT_TENANT_ID
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
    await this.accept(reply, { deptId: req.deptId, roleId: req.roleId })
    this.lockPassword = null
    this.locked = false
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
    await this.accept(reply, {})
    this.lockPassword = null
    this.locked = false
    return this.changed()
  }

  /** Refreshes the token (the timer, or a department/role switch with new Dept-Id/Role-Id). */
  async refresh(chosen?: { deptId: string; roleId: string }): Promise<SessionState> {
    const current = this.record
    if (!current) throw new CallFailure('请先登录', 401)
    const deptId = chosen?.deptId ?? current.deptId
    const roleId = chosen?.roleId ?? current.roleId
    const reply = await this.options.http.request<unknown>({
      method: 'POST',
      path: TOKEN_PATH,
      withoutToken: true,
      query: {
        tenantId: current.tenantId,
        refresh_token: current.refreshToken,
        grant_type: 'refresh_token',
        scope: 'all',
      },
      headers: { 'Tenant-Id': current.tenantId, 'Dept-Id': deptId, 'Role-Id': roleId },
    })
    // Signed out (or signed in again) while the refresh was on its way: drop its answer.
    if (this.record !== current) return this.state()
    await this.accept(reply, { deptId, roleId })
    return chosen ? this.changed() : this.state()
  }

  switch(chosen: { deptId: string; roleId: string }): Promise<SessionState> {
    return this.refresh(chosen)
  }

  async logout(): Promise<void> {
    if (this.record) {
      await this.options.http
        .request({ method: 'GET', path: '/api/blade-auth/oauth/logout' })
        .catch(() => undefined)
    }
    await this.clear()
    this.changed()
  }

  /** A 401 anywhere: clear everything and tell the renderer to go to /login. */
  async expire(reason: string): Promise<void> {
    const wasSignedIn = this.record !== null
    await this.clear()
    if (wasSignedIn) {
      this.options.emit('session:expired', { reason })
      this.changed()
    }
  }

  lock(password: string): void {
    if (!this.record) throw new CallFailure('请先登录', 401)
    this.lockPassword = password
    this.locked = true
    this.changed()
  }

  unlock(password: string): boolean {
    if (!this.locked) return true
    if (password !== this.lockPassword) return false
    this.locked = false
    this.lockPassword = null
    this.changed()
    return true
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

  private async accept(reply: unknown, chosen: { deptId?: string; roleId?: string }): Promise<void> {
    if (isRecord(reply) && typeof reply.error_description === 'string' && reply.error_description) {
      throw new CallFailure(reply.error_description, 400)
    }
    const parsed = TokenReply.safeParse(reply)
    if (!parsed.success) throw new CallFailure('登录失败: 服务器返回的令牌格式不正确', 500)
    this.record = toTokenRecord(parsed.data, this.options.clock.now(), chosen)
    await this.options.vault.save(this.options.serverUrl, JSON.stringify(this.record)).catch(() => undefined)
  }

  private async clear(): Promise<void> {
    this.record = null
    this.lockPassword = null
    this.locked = false
    await this.options.vault.clear(this.options.serverUrl).catch(() => undefined)
  }

  private changed(): SessionState {
    const state = this.state()
    this.options.emit('session:changed', state)
    return state
  }
}

export function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex')
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

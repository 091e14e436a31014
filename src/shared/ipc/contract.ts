import { z } from 'zod'

/**
 * The typed IPC contract between the sandboxed renderer and the main process. Every channel is an
 * invoke (request, response) pair validated with zod on the main side before use; events flow
 * main -> renderer only. The renderer never sees a token, a header or a URL: HTTP calls name an
 * endpoint of the API catalogue, and main builds the request.
 */

const Query = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional()

/** The user as the renderer may know it: the token response without any token. */
export const SessionUser = z.object({
  userId: z.string(),
  tenantId: z.string(),
  account: z.string(),
  userName: z.string(),
  nickName: z.string(),
  realName: z.string(),
  avatar: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  deptId: z.string(),
})
export type SessionUser = z.infer<typeof SessionUser>

export const SessionState = z.object({
  signedIn: z.boolean(),
  user: SessionUser.nullable(),
  /** Where the API lives, for display only (the renderer never calls it directly). */
  serverUrl: z.string(),
  embedded: z.boolean(),
  /** Where tokens are kept: the OS keychain or Electron safeStorage when no keychain exists. */
  vault: z.enum(['keychain', 'safeStorage', 'memory']),
  locked: z.boolean(),
})
export type SessionState = z.infer<typeof SessionState>

/** A failed call as the renderer sees it: the server's msg (or 未知错误) and the HTTP status. */
export const CallError = z.object({ message: z.string(), status: z.number(), silent: z.boolean() })
export type CallError = z.infer<typeof CallError>

export const channels = {
  'session:state': { request: z.void(), response: SessionState },
  'session:captcha': { request: z.void(), response: z.object({ key: z.string(), image: z.string() }) },
  'session:login': {
    request: z.object({
      tenantId: z.string().max(12),
      account: z.string().min(1).max(64),
      password: z.string().min(1).max(128),
      captchaKey: z.string().max(64),
      captchaCode: z.string().max(16),
      deptId: z.string().max(40).optional(),
      roleId: z.string().max(40).optional(),
    }),
    response: SessionState,
  },
  'session:logout': { request: z.void(), response: z.void() },
  'session:switch': {
    request: z.object({ deptId: z.string().max(40), roleId: z.string().max(40) }),
    response: SessionState,
  },
  'session:lock': { request: z.object({ password: z.string().min(1).max(128) }), response: z.void() },
  'session:unlock': { request: z.object({ password: z.string().max(128) }), response: z.boolean() },
  'api:call': {
    request: z.object({
      method: z.enum(['GET', 'POST']),
      /** A path of the API catalogue, e.g. `/api/blade-system/param/list`; checked against it in main. */
      path: z.string().regex(/^\/api\/[A-Za-z0-9_\-/.{}]+$/).max(200),
      query: Query,
      body: z.unknown().optional(),
    }),
    response: z.unknown(),
  },
  'settings:get': {
    request: z.void(),
    response: z.object({
      serverUrl: z.string(),
      theme: z.string(),
      color: z.string(),
      language: z.enum(['zh', 'en']),
      tabs: z.array(z.object({ label: z.string(), path: z.string(), query: Query })),
    }),
  },
  'settings:set': {
    request: z
      .object({
        serverUrl: z.string().max(300),
        theme: z.string().max(40),
        color: z.string().max(20),
        language: z.enum(['zh', 'en']),
        tabs: z.array(z.object({ label: z.string().max(100), path: z.string().max(500), query: Query })).max(50),
      })
      .partial(),
    response: z.void(),
  },
} as const

export type Channel = keyof typeof channels
export type ChannelRequest<C extends Channel> = z.infer<(typeof channels)[C]['request']>
export type ChannelResponse<C extends Channel> = z.infer<(typeof channels)[C]['response']>

/** Events main sends to the renderer. */
export const events = {
  /** A 401 signed the user out everywhere: go to /login. */
  'session:expired': z.object({ reason: z.string() }),
  'session:changed': SessionState,
  'export:progress': z.object({ id: z.string(), received: z.number(), total: z.number().nullable(), done: z.boolean() }),
} as const
export type EventName = keyof typeof events

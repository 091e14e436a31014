import { z } from 'zod'

/**
 * The typed IPC contract between the sandboxed renderer and the main process. Every channel is an
 * invoke (request, response) pair validated with zod on the main side before use; events flow
 * main -> renderer only. The renderer never sees a token, a header or a URL: HTTP calls name an
 * `/api/...` path, and main builds the request.
 *
 * On the wire every invoke resolves to an `IpcResult` (never rejects): `{ ok: true, value }` or
 * `{ ok: false, error: CallError }`. The preload unwraps it so `window.api` rejects with the CallError.
 */

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()])
const Query = z.record(z.string(), z.union([Scalar, z.array(z.union([z.string(), z.number()]))])).optional()

const MAIN_ONLY_PATHS = new Set(['/api/blade-auth/oauth/token', '/api/blade-auth/token'])

/** An `/api/...` path of the server: no scheme, no host, no `..`, no query string (use `query`). */
export const ApiPath = z
  .string()
  .max(300)
  .regex(/^\/api\/[A-Za-z0-9_\-/.{}]+$/, '接口路径必须以 /api/ 开头')
  .refine((p) => !p.split('/').some((seg) => seg === '..' || seg === '.'), '接口路径不能包含 .. 或 .')
  .refine((p) => !p.includes('//'), '接口路径格式不正确')
  // Token replies carry tokens: only main's session may call the token endpoint.
  .refine((p) => !MAIN_ONLY_PATHS.has(p.replace(/\/+$/, '')), '该接口只能由主进程调用')

const HttpMethod = z.enum(['GET', 'POST', 'PUT', 'DELETE'])

export const ApiCallRequest = z.object({
  method: HttpMethod,
  path: ApiPath,
  query: Query,
  body: z.unknown().optional(),
})
export type ApiCallRequest = z.infer<typeof ApiCallRequest>

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

/** The server's minimum client version is above this client's: sign-in is refused until it updates. */
export const ClientOutdated = z.object({ version: z.string(), minVersion: z.string() })
export type ClientOutdated = z.infer<typeof ClientOutdated>

export const SessionState = z.object({
  signedIn: z.boolean(),
  user: SessionUser.nullable(),
  /** Where the API lives, for display only (the renderer never calls it directly). */
  serverUrl: z.string(),
  embedded: z.boolean(),
  /** Where tokens are kept: the OS keychain or Electron safeStorage when no keychain exists. */
  vault: z.enum(['keychain', 'safeStorage', 'memory']),
  locked: z.boolean(),
  /** The server cannot be reached just now (the session waits; nothing is signed out). */
  offline: z.boolean().optional(),
  /** A lock password is set, so the screen can lock itself when idle. */
  lockPasswordSet: z.boolean().optional(),
  /** Minutes without input before the screen locks itself; 0 = never. */
  idleLockMinutes: z.number().optional(),
  /** Why the last session ended (the server refused its token), for the sign-in screen. */
  signedOutReason: z.string().optional(),
  /** The kept session was not resumed: the server asks for a newer client (the sign-in screen says so). */
  clientOutdated: ClientOutdated.optional(),
})
export type SessionState = z.infer<typeof SessionState>

/** A failed call as the renderer sees it: the server's msg (or 未知错误) and the HTTP status. */
export const CallError = z.object({
  message: z.string(),
  status: z.number(),
  silent: z.boolean(),
  /** Set when sign-in was refused because the client is older than the server's minimum. */
  outdated: ClientOutdated.optional(),
})
export type CallError = z.infer<typeof CallError>

export const LoginRequest = z.object({
  tenantId: z.string().max(12),
  account: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
  captchaKey: z.string().max(64),
  captchaCode: z.string().max(16),
  deptId: z.string().max(40).optional(),
  roleId: z.string().max(40).optional(),
})
export type LoginRequest = z.infer<typeof LoginRequest>

export const RegisterGuestRequest = z.object({
  tenantId: z.string().min(1, '请先输入租户ID').max(12),
  name: z.string().min(1).max(64),
  account: z.string().min(1, '请输入账号名称').max(64),
  password: z.string().min(1, '请先输入密码').max(128),
  oauthId: z.string().max(64).optional(),
})
export type RegisterGuestRequest = z.infer<typeof RegisterGuestRequest>

const Tab = z.object({ label: z.string().max(100), path: z.string().max(500), query: Query })

export const Settings = z.object({
  /** '' means the embedded server. */
  serverUrl: z.string(),
  theme: z.string(),
  color: z.string(),
  language: z.enum(['zh', 'en']),
  tabs: z.array(Tab),
  /** Settings pinned by machine policy (read-only in the renderer; settings:set refuses them). */
  locked: z.array(z.string()),
})
export type Settings = z.infer<typeof Settings>

export const SettingsPatch = z
  .object({
    serverUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(300)]),
    theme: z.string().max(40),
    color: z.string().max(20),
    language: z.enum(['zh', 'en']),
    tabs: z.array(Tab).max(50),
  })
  .partial()
  .strict()
export type SettingsPatch = z.infer<typeof SettingsPatch>

export const ExportRequest = ApiCallRequest.extend({
  /** The file name proposed in the save dialog, e.g. `实验项目.xlsx`. */
  suggestedName: z.string().min(1).max(200),
  /** Correlates `export:progress` events; main generates one when absent. */
  id: z.string().max(64).optional(),
})
export type ExportRequest = z.infer<typeof ExportRequest>

export const ExportResult = z.object({
  id: z.string(),
  /** False when the user cancelled the save dialog (nothing was downloaded). */
  saved: z.boolean(),
  filePath: z.string().nullable(),
  bytes: z.number(),
})
export type ExportResult = z.infer<typeof ExportResult>

const Cell = z.union([z.string(), z.number(), z.null()])

/** An import under way (`files:import-spreadsheet`): its rows come from `files:import-next`. */
export const SpreadsheetImport = z.object({ id: z.string(), fileName: z.string() })
export type SpreadsheetImport = z.infer<typeof SpreadsheetImport>

/**
 * A slice of the imported sheet's rows keyed by the header row. `read` / `total` count the sheet's
 * rows after the header (blank rows are read but not sent); `done` marks the last slice.
 */
export const SpreadsheetChunk = z.object({
  sheet: z.string(),
  sheets: z.array(z.string()),
  rows: z.array(z.record(z.string(), Cell)),
  read: z.number(),
  total: z.number(),
  done: z.boolean(),
})
export type SpreadsheetChunk = z.infer<typeof SpreadsheetChunk>
const ImportId = z.object({ id: z.string().min(1).max(64) })

/** A file of the server read into main and handed over as bytes (a reader shows it from a blob: URL). */
export const ReadFileRequest = z.object({
  path: ApiPath,
  query: Query,
})
export type ReadFileRequest = z.infer<typeof ReadFileRequest>

/** The most `files:read` hands over (a course video). */
export const READ_FILE_MAX_BYTES = 100 * 1024 * 1024

export const UploadRequest = z.object({
  name: z.string().min(1).max(200),
  type: z.string().max(100),
  bytes: z.instanceof(Uint8Array).refine((b) => b.byteLength <= 50 * 1024 * 1024, '文件不能超过 50MB'),
})
export type UploadRequest = z.infer<typeof UploadRequest>

export const UploadResult = z.object({
  link: z.string(),
  name: z.string().optional(),
  originalName: z.string().optional(),
  attachId: z.string().optional(),
})
export type UploadResult = z.infer<typeof UploadResult>

/** Chart images: PNG only, at most 10 MB. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
export const isPngBytes = (b: Uint8Array) => b.length > 8 && PNG_SIGNATURE.every((v, i) => b[i] === v)

export const SaveImageRequest = z.object({
  /** The file name proposed in the save dialog, e.g. `实验室类别-20250312.png`. */
  suggestedName: z
    .string()
    .min(1)
    .max(200)
    .regex(/\.png$/i, '图片文件名必须以 .png 结尾'),
  bytes: z
    .instanceof(Uint8Array)
    .refine((b) => b.byteLength <= IMAGE_MAX_BYTES, '图片不能超过 10MB')
    .refine(isPngBytes, '只能保存 PNG 图片'),
})
export type SaveImageRequest = z.infer<typeof SaveImageRequest>

export const SaveImageResult = z.object({
  /** False when the user cancelled the save dialog. */
  saved: z.boolean(),
  filePath: z.string().nullable(),
})
export type SaveImageResult = z.infer<typeof SaveImageResult>

export const ErrorLogEntry = z.object({
  type: z.string().max(40),
  url: z.string().max(1000),
  message: z.string().max(4000),
  stack: z.string().max(20000).optional(),
  info: z.string().max(4000).optional(),
  /** ISO date-time; main fills it in when absent. */
  time: z.string().max(40).optional(),
})
export type ErrorLogEntry = z.infer<typeof ErrorLogEntry>

export const UpdaterStatus = z.object({
  state: z.enum([
    'disabled',
    'idle',
    'checking',
    'available',
    'not-available',
    'downloading',
    'downloaded',
    'error',
  ]),
  version: z.string().nullable(),
  percent: z.number().nullable(),
  message: z.string().nullable(),
})
export type UpdaterStatus = z.infer<typeof UpdaterStatus>

/** What the 关于 dialog shows. */
export const AppAbout = z.object({
  version: z.string(),
  serverUrl: z.string(),
  embedded: z.boolean(),
  dataDir: z.string(),
  logDir: z.string(),
  /** Settings fixed by the machine's policy (none yet). */
  policyKeys: z.array(z.string()),
})
export type AppAbout = z.infer<typeof AppAbout>
/** A backup of the embedded server's data: a file of the backups folder, or one the user picked. */
export const BackupInfo = z.object({
  name: z.string(),
  /** ISO time the backup was taken. */
  time: z.string(),
  bytes: z.number(),
})
export type BackupInfo = z.infer<typeof BackupInfo>

export const BackupList = z.object({
  /** The backups folder (`<data folder>/backups`). */
  folder: z.string(),
  /** Newest first. */
  backups: z.array(BackupInfo),
})
export type BackupList = z.infer<typeof BackupList>

/** A backup file picked in the open dialog, checked by the server: restore it by `id`. */
export const PickedBackup = z.object({ id: z.string(), fileName: z.string(), time: z.string() })
export type PickedBackup = z.infer<typeof PickedBackup>

export const RestoreRequest = z.discriminatedUnion('from', [
  /** One of `backup:list`'s, by its file name. */
  z.object({ from: z.literal('list'), name: z.string().min(1).max(100) }),
  /** The file `backup:pick-file` returned. */
  z.object({ from: z.literal('file'), id: z.string().min(1).max(64) }),
])
export type RestoreRequest = z.infer<typeof RestoreRequest>

/** The embedded server's state under main's supervision ('ready' at once with a configured server). */
export const ServerStatus = z.object({
  state: z.enum(['starting', 'ready', 'restarting', 'failed']),
  message: z.string().optional(),
  logFile: z.string().optional(),
})
export type ServerStatus = z.infer<typeof ServerStatus>

export const channels = {
  'session:state': { request: z.void(), response: SessionState },
  'session:captcha': { request: z.void(), response: z.object({ key: z.string(), image: z.string() }) },
  'session:login': { request: LoginRequest, response: SessionState },
  'session:logout': { request: z.void(), response: z.void() },
  /** Whether the server signs this app in by its single sign-on page. */
  'session:sso-config': { request: z.void(), response: z.object({ enabled: z.boolean() }) },
  /** Opens the single sign-on window; resolves when the user signed in there (rejects when closed). */
  'session:sso-login': { request: z.void(), response: SessionState },
  'session:switch': {
    request: z.object({
      deptId: z.string().min(1, '请选择部门').max(40),
      roleId: z.string().min(1, '请选择角色').max(40),
    }),
    response: SessionState,
  },
  'session:lock': {
    request: z.object({ password: z.string().min(1, '锁屏密码不能为空').max(128) }),
    response: z.void(),
  },
  'session:unlock': { request: z.object({ password: z.string().max(128) }), response: z.boolean() },
  'session:idle-lock': {
    request: z.object({
      minutes: z
        .number({ error: '自动锁屏时间须为数字' })
        .int('自动锁屏时间须为整数分钟')
        .min(0, '自动锁屏时间不能为负数')
        .max(1440, '自动锁屏时间不能超过 1440 分钟'),
    }),
    response: SessionState,
  },
  'session:register-guest': {
    request: RegisterGuestRequest,
    response: z.object({ success: z.boolean(), msg: z.string() }),
  },
  'api:call': { request: ApiCallRequest, response: z.unknown() },
  'settings:get': { request: z.void(), response: Settings },
  'settings:set': { request: SettingsPatch, response: Settings },
  'files:export': { request: ExportRequest, response: ExportResult },
  'files:import-spreadsheet': {
    request: z.object({ sheet: z.string().min(1).max(100).optional() }),
    response: SpreadsheetImport.nullable(),
  },
  'files:import-next': { request: ImportId, response: SpreadsheetChunk },
  'files:import-cancel': { request: ImportId, response: z.void() },
  'files:upload-avatar': { request: UploadRequest, response: UploadResult },
  'files:upload-file': {
    request: UploadRequest.extend({ attach: z.boolean().optional() }),
    response: UploadResult,
  },
  'files:save-image': { request: SaveImageRequest, response: SaveImageResult },
  'files:read': { request: ReadFileRequest, response: z.instanceof(Uint8Array) },
  'error-log:add': { request: ErrorLogEntry, response: z.void() },
  'error-log:list': { request: z.void(), response: z.array(ErrorLogEntry) },
  'error-log:upload': { request: z.void(), response: z.void() },
  'error-log:clear': { request: z.void(), response: z.void() },
  'updater:status': { request: z.void(), response: UpdaterStatus },
  'updater:check': { request: z.void(), response: UpdaterStatus },
  /** Restarts into a downloaded update (state 'downloaded'); refused otherwise. */
  'updater:install': { request: z.void(), response: z.void() },
  'app:about': { request: z.void(), response: AppAbout },
  'shell:open-external': { request: z.object({ url: z.string().max(2000) }), response: z.boolean() },
  'server:status': { request: z.void(), response: ServerStatus },
  /**
   * Backups of the embedded server: only while the app runs it and an administrator of the platform
   * tenant is signed in (refused with 403 otherwise). A restore restarts the server and signs out.
   */
  'backup:list': { request: z.void(), response: BackupList },
  'backup:now': { request: z.void(), response: BackupInfo },
  /** The native open dialog (.labbak); null when cancelled. */
  'backup:pick-file': { request: z.void(), response: PickedBackup.nullable() },
  'backup:restore': { request: RestoreRequest, response: z.void() },
  'backup:open-folder': { request: z.void(), response: z.void() },
} as const

export type Channel = keyof typeof channels
export type ChannelRequest<C extends Channel> = z.infer<(typeof channels)[C]['request']>
export type ChannelResponse<C extends Channel> = z.infer<(typeof channels)[C]['response']>

/** What every invoke resolves to on the wire (the preload unwraps it). */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: CallError }

/** Events main sends to the renderer. */
export const events = {
  /** A 401 signed the user out everywhere: go to /login. */
  'session:expired': z.object({ reason: z.string() }),
  'session:changed': SessionState,
  'export:progress': z.object({
    id: z.string(),
    received: z.number(),
    total: z.number().nullable(),
    done: z.boolean(),
    /** Set when the download failed; the file is removed. */
    error: z.string().optional(),
  }),
  'updater:status': UpdaterStatus,
  /** The 帮助 menu's 关于: open the 关于 dialog. */
  'app:show-about': z.null(),
  /** The embedded server started, restarts or failed (the start-up screen follows it). */
  'server:status': ServerStatus,
} as const
export type EventName = keyof typeof events
export type EventPayload<E extends EventName> = z.infer<(typeof events)[E]>

/**
 * `window.api`: everything the sandboxed renderer may ask of the main process. The preload exposes
 * exactly this object (one function per channel of `./contract`); the renderer declares
 * `declare global { interface Window { api: LabApi } }` and codes against it.
 *
 * Rules every method follows:
 * - It returns a Promise. On failure the Promise rejects with a `CallError` — a plain object
 *   `{ message, status, silent }`, not an `Error` instance (use `isCallError`). `message` is the
 *   server's `msg` / `error_description`, or 未知错误, or a Chinese validation message when main
 *   rejected the request itself (status 400). `silent: true` means "do not show a toast" (statuses on
 *   the configured whitelist).
 * - A 401 from any call has already signed the user out everywhere when the Promise rejects; the
 *   renderer also receives `session:expired` and should go to /login.
 * - No method ever returns a token, a header or the client secret.
 */
import type {
  ApiCallRequest,
  AppAbout,
  BackupInfo,
  BackupList,
  CallError,
  EventName,
  EventPayload,
  ErrorLogEntry,
  ExportRequest,
  ExportResult,
  LoginRequest,
  PickedBackup,
  RegisterGuestRequest,
  ReadFileRequest,
  RestoreRequest,
  SaveImageRequest,
  SaveImageResult,
  ServerStatus,
  SessionState,
  Settings,
  SettingsPatch,
  SpreadsheetChunk,
  SpreadsheetImport,
  UpdaterStatus,
  UploadRequest,
  UploadResult,
} from './contract'

export type {
  ApiCallRequest,
  BackupInfo,
  BackupList,
  CallError,
  EventName,
  EventPayload,
  ErrorLogEntry,
  ExportRequest,
  ExportResult,
  LoginRequest,
  PickedBackup,
  RegisterGuestRequest,
  RestoreRequest,
  SaveImageRequest,
  SaveImageResult,
  ServerStatus,
  SessionState,
  Settings,
  SettingsPatch,
  SpreadsheetChunk,
  SpreadsheetImport,
  UpdaterStatus,
  UploadRequest,
  UploadResult,
}
export type { SessionUser } from './contract'

export interface LabApi {
  session: {
    /** The current session (user without tokens, server URL, vault kind, lock flag). */
    state(): Promise<SessionState>
    /** A fresh captcha: `image` is a `data:image/...;base64,` URL for an `<img src>`. */
    captcha(): Promise<{ key: string; image: string }>
    /**
     * Sign in with account and password (plain; main sends md5 hex) and the captcha answer.
     * Resolves to the signed-in state; rejects with the server's error_description (e.g. 验证码不正确,
     * 用户名或密码错误) — fetch a new captcha then. Clears the lock.
     */
    login(req: LoginRequest): Promise<SessionState>
    /** Calls the server's logout, then clears tokens, lock and state. Never rejects for a dead server. */
    logout(): Promise<void>
    /** Whether sign-in is by the server's single sign-on page (client with the authorization_code grant). */
    ssoConfig(): Promise<{ enabled: boolean }>
    /**
     * Opens the single sign-on page in its own window; main exchanges the code it returns. Resolves to
     * the signed-in state; rejects with 已取消单点登录 when the user closes the window.
     */
    ssoLogin(): Promise<SessionState>
    /** Switch department and role: refreshes the token with Dept-Id / Role-Id. */
    switch(req: { deptId: string; roleId: string }): Promise<SessionState>
    /** Sets the lock password (kept in main as a salted hash) and locks; survives a restart. */
    lock(password: string): Promise<void>
    /** True (and unlocked) when the password matches the lock password; false otherwise. */
    unlock(password: string): Promise<boolean>
    /** Minutes without input before the screen locks itself (0 = never; needs a lock password set). */
    setIdleLock(minutes: number): Promise<SessionState>
    /**
     * Guest registration, without a token: POST /api/blade-user/register-guest (password plain here;
     * main sends its md5 hex, as for sign-in). Resolves to the server's `{success, msg}`; rejects on a
     * non-200 like every call (e.g. 当前系统未开启账号注册功能).
     */
    registerGuest(req: RegisterGuestRequest): Promise<{ success: boolean; msg: string }>
  }
  api: {
    /**
     * One HTTP call of the server, made by main with the user's token. `path` must be an `/api/...`
     * path (no host, no `..`, no `?`: put parameters in `query`; arrays are comma-joined). `body`
     * is sent as JSON. Resolves to the envelope's `data` (`{code, success, data, msg}` → `data`); a
     * reply without an envelope (raw BladeX shapes) resolves to the whole body.
     */
    call<T = unknown>(req: ApiCallRequest): Promise<T>
  }
  settings: {
    get(): Promise<Settings>
    /** Saves the given keys (serverUrl '' = embedded server; a change applies at the next start). */
    set(patch: SettingsPatch): Promise<Settings>
  }
  files: {
    /**
     * Asks for a file in a native save dialog (proposing `suggestedName`), then streams the server's
     * reply to `method path` into it, emitting `export:progress` events with the same `id` (pass your
     * own id to correlate, or read it from the result). `saved: false` = the user cancelled.
     */
    export(req: ExportRequest): Promise<ExportResult>
    /**
     * Native open dialog for .xlsx/.xls/.csv, then the file parsed in a worker (the first sheet, or
     * `sheet`). null = cancelled. Pull the rows with `importNext` until `done`; `importCancel` stops it.
     */
    importSpreadsheet(req?: { sheet?: string }): Promise<SpreadsheetImport | null>
    /** The next slice of rows (cells are string, number or null) with the rows read and the total. */
    importNext(id: string): Promise<SpreadsheetChunk>
    importCancel(id: string): Promise<void>
    /** Avatar upload (jpg or png, at most 500kb, checked in main too) to put-file. */
    uploadAvatar(file: UploadRequest): Promise<UploadResult>
    /** Any file to put-file (or put-file-attach with `attach: true`, which also returns attachId). */
    uploadFile(file: UploadRequest & { attach?: boolean }): Promise<UploadResult>
    /** Saves PNG bytes (a chart image, at most 10 MB) to a file the user picks in a native save dialog. */
    saveImage(req: SaveImageRequest): Promise<SaveImageResult>
    /** A server file (GET `path`) as bytes, at most 100 MB, for a reader's blob: URL (PDF, MP4). */
    read(req: ReadFileRequest): Promise<Uint8Array>
  }
  errorLog: {
    /** Records a renderer error (type 'bug', url, message, stack, info); `time` filled in by main. */
    add(entry: ErrorLogEntry): Promise<void>
    list(): Promise<ErrorLogEntry[]>
    /**
     * Sends the local log to the server: BladeX's POST /api/blade-auth/oauth/logout with the list.
     * Note: our server also ends the session on that call, so the next call signs the user out.
     */
    upload(): Promise<void>
    clear(): Promise<void>
  }
  updater: {
    status(): Promise<UpdaterStatus>
    /** Checks the update feed now (state 'disabled' in development builds). */
    check(): Promise<UpdaterStatus>
    /** Quits and installs the downloaded update (only in state 'downloaded'). */
    install(): Promise<void>
  }
  app: {
    /** Version, server, data and log folders for the 关于 dialog. */
    about(): Promise<AppAbout>
  }
  server: {
    /** The server's start-up state; the renderer waits for 'ready' before the sign-in screen. */
    status(): Promise<ServerStatus>
  }
  shell: {
    /** Opens an http(s) URL in the system browser after a native confirmation; false if refused. */
    openExternal(url: string): Promise<boolean>
  }
  /**
   * Backups of the embedded server (`<data folder>/backups`). Every method rejects with 403 unless the
   * app runs its embedded server and an administrator of the platform tenant is signed in.
   */
  backup: {
    /** The backups folder and its backups, newest first. */
    list(): Promise<BackupList>
    /** Takes a backup now (the oldest beyond 7 are deleted). */
    now(): Promise<BackupInfo>
    /** Native open dialog for a .labbak file; its time from the file's manifest. null = cancelled. */
    pickFile(): Promise<PickedBackup | null>
    /**
     * Replaces all data of the embedded server with the backup's and restarts the server; then the
     * user is signed out (`session:expired`, 已从备份恢复，请重新登录). Rejects (400) with a message when
     * the file is not a usable backup; nothing changes then.
     */
    restore(req: RestoreRequest): Promise<void>
    /** Opens the backups folder in the system's file manager. */
    openFolder(): Promise<void>
  }
  /** Subscribes to a main-process event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}

export function isCallError(e: unknown): e is CallError {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as CallError).message === 'string' &&
    typeof (e as CallError).status === 'number' &&
    typeof (e as CallError).silent === 'boolean'
  )
}

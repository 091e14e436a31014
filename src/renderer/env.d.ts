/// <reference types="vite/client" />
import type { LabApi } from '../shared/ipc/api'

declare global {
  interface Window {
    /** The only way out of the sandbox: the preload's typed bridge to the main process. */
    api: LabApi
  }
}

export {}

export interface ServerConfig {
  /** Secret for HS256 tokens; generated per installation and stored in the database when absent. */
  jwtSecret?: string
  /** Folder for uploaded files (object storage on local disk). */
  fileDir: string
  /** Public base URL used in `data.link` of uploads; derived from the request when absent. */
  publicUrl?: string
  /** Seed a plausible demo school on first start (LAB_DEMO=1). */
  demo: boolean
  /** Initial password of `admin` in tenant 000000; random when absent. */
  adminPassword?: string
  /** Log requests to stdout. */
  logger: boolean
}

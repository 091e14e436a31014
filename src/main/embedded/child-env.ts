/**
 * The OS variables the embedded server (Node in a utilityProcess) needs to run: finding programs and
 * system libraries, temp and home folders, locale. Nothing else of the user's environment reaches it:
 * a user's PORT, DATABASE_URL, LAB_DEMO, NODE_OPTIONS ... would change or break the embedded server.
 */
export const INHERITED_ENV = [
  'PATH',
  'Path',
  'PATHEXT',
  'SystemRoot',
  'SYSTEMROOT',
  'windir',
  'ComSpec',
  'SystemDrive',
  'TEMP',
  'TMP',
  'TMPDIR',
  'HOME',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'PROGRAMDATA',
  'USER',
  'USERNAME',
  'LOGNAME',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'XDG_RUNTIME_DIR',
  'NUMBER_OF_PROCESSORS',
  'PROCESSOR_ARCHITECTURE',
] as const

/** The child's whole environment: the allow-listed OS variables present in `parent`, then the app's own. */
export function childEnv(
  appVariables: Record<string, string>,
  parent: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of INHERITED_ENV) {
    const value = parent[name]
    if (value !== undefined) env[name] = value
  }
  return { ...env, ...appVariables }
}

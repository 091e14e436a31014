/** The `admin` password of every test database (tenant 000000). Test-only; never shipped. */
export const TEST_ADMIN_PASSWORD = 'Test-Admin-Pass-1'
/** The desktop client the tests sign in with (client identifiers, not user secrets). */
export const TEST_CLIENT = { id: 'lab_desktop', secret: 'lab_desktop_secret' }
/** Key under which global setup hands the prepared database to the test files. */
export const SNAPSHOT_KEY = 'labTestDatabase'

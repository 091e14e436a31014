import { bigint, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core'
import { tenantColumn } from '../columns'

/**
 * Change versions: per tenant and topic, one more for every statement that writes one of the topic's
 * tables, added by the triggers of src/server/db/routines.ts whoever writes (another server process, a
 * script). A cache of those tables checks this one row instead of its source rows (src/server/db/versions.ts).
 */
export const dataVersion = pgTable(
  'lab_data_version',
  {
    tenantId: tenantColumn(),
    topic: varchar('topic', { length: 40 }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.topic] })],
)

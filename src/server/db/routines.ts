import { getTableName } from 'drizzle-orm'
import { dataVersion } from './schema'
import { VERSION_TOPICS } from './versions'

/**
 * Functions and triggers the schema cannot express (the migrations are generated from it, and
 * drizzle-kit writes tables and indexes only): created after the migrations, each time, idempotently.
 *
 * The change versions: every statement that inserts, updates or deletes rows of a topic's tables adds
 * one to the topic's version of each tenant it touched, in the same transaction, so the version a
 * reader sees moves with every committed change (dataVersion, versions.ts).
 */
const versionTable = getTableName(dataVersion)

/** The topic is the trigger's argument. */
const bumpVersion = `create or replace function lab_data_version_bump() returns trigger
language plpgsql as $$
begin
  insert into ${versionTable} (tenant_id, topic, version)
    select distinct tenant_id, tg_argv[0], 1 from changed
    on conflict (tenant_id, topic) do update set version = ${versionTable}.version + 1;
  return null;
end
$$`

/** One trigger per table and event: a trigger with transition tables serves one event. */
const versionTriggers = Object.values(VERSION_TOPICS).flatMap((topic) =>
  topic.tables.flatMap((t) => {
    const table = getTableName(t)
    return (
      [
        ['insert', 'new'],
        ['update', 'new'],
        ['delete', 'old'],
      ] as const
    ).map(
      ([event, side]) =>
        `create or replace trigger ${table}_version_${event} after ${event} on ${table}
          referencing ${side} table as changed for each statement
          execute function lab_data_version_bump('${topic.name}')`,
    )
  }),
)

export const ROUTINES_SQL = [bumpVersion, ...versionTriggers]

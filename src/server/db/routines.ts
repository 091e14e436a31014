import { getTableName } from 'drizzle-orm'
import { safetyBankVersion, safetyCategory, safetyQuestion } from './schema'

/**
 * Functions and triggers the schema cannot express (drizzle-kit writes tables and indexes only, and
 * `db:regenerate` rewrites the migrations from the schema): created after the migrations, each time,
 * idempotently.
 *
 * The bank version: every statement that inserts, updates or deletes questions or categories adds one
 * to the version of each tenant it touched, in the same transaction, so the version a reader sees
 * moves with every committed change of the bank (safetyBankVersion).
 */
const versionTable = getTableName(safetyBankVersion)

const bumpBankVersion = `create or replace function safety_exam_bank_bump() returns trigger
language plpgsql as $$
begin
  insert into ${versionTable} (tenant_id, version)
    select distinct tenant_id, 1 from changed
    on conflict (tenant_id) do update set version = ${versionTable}.version + 1;
  return null;
end
$$`

/** One trigger per table and event: a trigger with transition tables serves one event. */
const bankTriggers = [getTableName(safetyQuestion), getTableName(safetyCategory)].flatMap((table) =>
  (
    [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const
  ).map(
    ([event, side]) =>
      `create or replace trigger ${table}_bank_${event} after ${event} on ${table}
        referencing ${side} table as changed for each statement execute function safety_exam_bank_bump()`,
  ),
)

export const ROUTINES_SQL = [bumpBankVersion, ...bankTriggers]

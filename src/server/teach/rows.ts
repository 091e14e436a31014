type Row = Record<string, unknown>

/** A saved row with an edit's fields laid over it (fields the edit leaves out keep their value). */
export function withChanges<T extends object>(before: T, patch: Row): T & Row {
  return { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) }
}

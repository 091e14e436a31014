/** BladeX query strings: null/undefined dropped, arrays comma-joined (`ids=1,2,3`). */
export function serializeQuery(params: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue
    search.append(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  return search.toString()
}

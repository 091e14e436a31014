/**
 * Refreshes the catalogue fixture from the shared spec: `npx tsx tests/support/catalogue/refresh.ts [shared dir]`
 * (default ../shared beside the repository). Writes endpoints.tsv: every row of spec/endpoints.tsv plus the
 * `implied:` calls of design/screens.tsv (method inferred: submit/remove-style verbs are POST), so CI on a
 * clean clone can check route coverage without the shared folder.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))
const shared = process.argv[2] ?? join(here, '../../../../shared')

const POST_VERB = /\/(submit|remove|save|update|grant|enable|import|audit|complete)[-\w]*$/i

function tsv(path: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(path, 'utf8').split('\n').filter(Boolean)
  const names = head.split('\t')
  return lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [names[i], v])))
}

const rows = new Map<string, string>()
const cataloguedPaths = new Set<string>()
for (const r of tsv(join(shared, 'spec/endpoints.tsv'))) {
  rows.set(`${r.method} ${r.path}`, [r.area, r.method, r.path, 'endpoints.tsv'].join('\t'))
  cataloguedPaths.add(r.path)
}

for (const screen of tsv(join(shared, 'design/screens.tsv'))) {
  const list = screen.endpoints ?? ''
  const start = list.indexOf('implied:')
  if (start < 0) continue
  // Everything from the first `implied:` on is implied; wildcards and dynamic paths name no one route.
  for (const entry of list.slice(start).split(',')) {
    const path = entry.replace(/^implied:/, '').trim()
    if (!path.startsWith('/api/') || path.includes('*') || path.includes('{')) continue
    if (cataloguedPaths.has(path)) continue
    const method = POST_VERB.test(path) ? 'POST' : 'GET'
    const key = `${method} ${path}`
    if (!rows.has(key)) rows.set(key, [screen.area, method, path, `screens.tsv:${screen.code}`].join('\t'))
  }
}

const header = [
  '# Copy of /work/shared/spec/endpoints.tsv rows plus the implied: calls of design/screens.tsv.',
  '# Refresh: npx tsx tests/support/catalogue/refresh.ts [shared dir]. Do not edit by hand.',
  'area\tmethod\tpath\tsource',
]
const body = [...rows.values()].sort()
writeFileSync(join(here, 'endpoints.tsv'), [...header, ...body, ''].join('\n'))
console.log(`${body.length} rows`)

/**
 * Every catalogued call of the areas this server builds resolves to a registered route with the same
 * method. The catalogue is a committed copy of the shared spec (tests/support/catalogue/endpoints.tsv:
 * spec/endpoints.tsv plus the `implied:` calls of design/screens.tsv), so a clean clone can run it.
 */
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { collectRoutes, type RegisteredRoute } from '../../tests/support/routes'

/**
 * Every catalogue area and whether this server serves it in full. A `not built` area is left out of
 * the check on purpose; an area's issue flips its own line when its routes land.
 */
const AREAS: Record<string, 'built' | 'not built'> = {
  assets: 'built',
  auth: 'built',
  base: 'built',
  cms: 'built',
  competition: 'built',
  desk: 'built',
  develop: 'built',
  download: 'built',
  experiment: 'built',
  external: 'built',
  flow: 'built',
  lab: 'built',
  log: 'built',
  open: 'built',
  quality: 'built',
  repairs: 'built',
  report: 'built',
  resource: 'built',
  safety: 'built',
  system: 'built',
  teach: 'built',
  user: 'built',
}
const BUILT = Object.keys(AREAS).filter((a) => AREAS[a] === 'built')
const NOT_BUILT = Object.keys(AREAS).filter((a) => AREAS[a] === 'not built')

/** Calls of built areas that wait for modules not built yet; each must still be missing (keeps the list exact). */
const DEFERRED: Record<string, string> = {}

/** Catalogue placeholders for paths the spec builds at run time, and the route that serves each. */
const PLACEHOLDERS: Record<string, string> = {
  '{dynamic download path}': '/api/biz-download/bizdownloadtask/download/{id}',
}

interface CatalogueRow {
  area: string
  method: string
  path: string
  source: string
}

function readCatalogue(): CatalogueRow[] {
  const text = readFileSync(new URL('../../tests/support/catalogue/endpoints.tsv', import.meta.url), 'utf8')
  const [header, ...lines] = text.split('\n').filter((l) => l && !l.startsWith('#'))
  const names = header.split('\t')
  return lines.map(
    (l) => Object.fromEntries(l.split('\t').map((v, i) => [names[i], v])) as unknown as CatalogueRow,
  )
}

/** Splits a path into segments, every parameter (`:id`, `{id}`, `*`) as one wildcard segment. */
const segments = (path: string) => path.split('/').map((s) => (/^(:\w+|\{\w+\}|\*)$/.test(s) ? '*' : s))

function resolves(row: CatalogueRow, routes: RegisteredRoute[]): boolean {
  const wanted = segments(PLACEHOLDERS[row.path] ?? row.path)
  return routes.some((r) => {
    if (r.method !== row.method) return false
    const have = segments(r.url)
    if (have.at(-1) === '*' && r.url.endsWith('/*'))
      return wanted.length >= have.length - 1 && have.slice(0, -1).every((s, i) => s === wanted[i])
    return (
      have.length === wanted.length && have.every((s, i) => s === '*' || wanted[i] === '*' || s === wanted[i])
    )
  })
}

let routes: RegisteredRoute[]
const catalogue = readCatalogue()
beforeAll(async () => {
  routes = await collectRoutes()
})

describe('catalogue coverage', () => {
  it('names every catalogue area as built or not built', () => {
    const areasSeen = [...new Set(catalogue.map((r) => r.area))].sort()
    expect(areasSeen).toEqual([...BUILT, ...NOT_BUILT].filter((a) => areasSeen.includes(a)).sort())
    expect(catalogue.filter((r) => BUILT.includes(r.area)).length).toBeGreaterThan(200)
  })

  it('registers a route with the same method for every catalogued call of the built areas', () => {
    const missing = catalogue
      .filter((r) => BUILT.includes(r.area) && !resolves(r, routes))
      .map((r) => `${r.method} ${r.path}`)
    expect(missing.sort()).toEqual(Object.keys(DEFERRED).sort())
  })
})

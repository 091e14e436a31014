import { describe, expect, it } from 'vitest'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { menuRows } from './menu-data'
import { menuAdditions } from './menu-additions'

const design = fileURLToPath(new URL('../../../../shared/design/screens.tsv', import.meta.url))

describe('menu data', () => {
  it('holds the 754 rows of the design, parents first, codes unique', () => {
    expect(menuRows).toHaveLength(754)
    const seen = new Set(['0'])
    for (const [code, parent] of menuRows) {
      expect(seen.has(parent), `${code} after its parent ${parent}`).toBe(true)
      expect(seen.has(code), `duplicate ${code}`).toBe(false)
      seen.add(code)
    }
    const kinds = menuRows.reduce<Record<string, number>>(
      (n, r) => ({ ...n, [r[2]]: (n[r[2]] ?? 0) + 1 }),
      {},
    )
    expect(kinds).toEqual({ group: 35, menu: 148, button: 571 })
    for (const r of menuRows) expect(r[8].split(',')).toContain('administrator')
  })

  it.skipIf(!existsSync(design))(
    'matches screens.tsv (run generate-menus.ts after the design changes)',
    () => {
      const lines = readFileSync(design, 'utf8')
        .split(/\r?\n/)
        .filter((l) => l.trim())
        .slice(1)
      expect(menuRows.map((r) => r.join('\t'))).toEqual(
        lines.map((l) =>
          l
            .split('\t')
            .map((c) => c ?? '')
            .join('\t'),
        ),
      )
    },
  )

  it('adds only buttons under design menus, with new codes and a reason', () => {
    const design = new Map(menuRows.map((r) => [r[0], r]))
    for (const [code, parent, kind, , , , , , , notes] of menuAdditions) {
      expect(design.has(code), `${code} is new`).toBe(false)
      expect(design.get(parent)?.[2], `${code} under a design menu`).toBe('menu')
      expect(kind).toBe('button')
      expect(code.startsWith(`${parent}_`)).toBe(true)
      expect(notes).toMatch(/issue/)
    }
  })
})

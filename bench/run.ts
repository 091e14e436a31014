/**
 * `npm run bench`: runs every suite and prints one table of figures. Budgets are read from this
 * output, never asserted in tests. A suite that fails prints its error as a row and the run goes on.
 * `npm run bench -- server` runs the named suites only.
 */
import type { Figure, Suite } from './types'

const suites: Record<string, () => Promise<Suite>> = {
  server: async () => (await import('./server')).serverSuite,
  flow: async () => (await import('./flow')).flowSuite,
  renderer: async () => (await import('./renderer')).rendererSuite,
  resource: async () => (await import('./resource')).resourceSuite,
  import: async () => (await import('./import')).importSuite,
  teach: async () => (await import('./teach')).teachSuite,
  schedule: async () => (await import('./schedule')).scheduleSuite,
  experiment: async () => (await import('./experiment')).experimentSuite,
  lab: async () => (await import('./lab')).labSuite,
  open: async () => (await import('./open')).openSuite,
  assets: async () => (await import('./assets')).assetsSuite,
  repairs: async () => (await import('./repairs')).repairsSuite,
  competition: async () => (await import('./competition')).competitionSuite,
  safety: async () => (await import('./safety')).safetySuite,
  report: async () => (await import('./report')).reportSuite,
  cms: async () => (await import('./cms')).cmsSuite,
  download: async () => (await import('./download')).downloadSuite,
  quality: async () => (await import('./quality')).qualitySuite,
  desk: async () => (await import('./desk')).deskSuite,
  backup: async () => (await import('./backup')).backupSuite,
}

function printTable(rows: Figure[]) {
  const header = ['suite', 'figure', 'value', 'unit', 'note']
  const cells = rows.map((r) => [
    r.suite,
    r.name,
    typeof r.value === 'number' ? format(r.value) : r.value,
    r.unit,
    r.note ?? '',
  ])
  const widths = header.map((h, i) => Math.max(width(h), ...cells.map((c) => width(c[i]))))
  const line = (c: string[]) => c.map((v, i) => v + ' '.repeat(widths[i] - width(v))).join(' | ')
  console.log(line(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'))
  for (const c of cells) console.log(line(c))
}

const format = (n: number) => (Number.isInteger(n) ? String(n) : n >= 100 ? n.toFixed(0) : n.toFixed(2))
// CJK characters take two columns in a terminal.
const width = (s: string) =>
  [...s].reduce((w, ch) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1), 0)

async function main() {
  const wanted = process.argv.slice(2)
  const rows: Figure[] = []
  for (const [name, load] of Object.entries(suites)) {
    if (wanted.length && !wanted.includes(name)) continue
    const started = Date.now()
    try {
      const suite = await load()
      for (const r of await suite()) rows.push({ suite: name, ...r })
    } catch (error) {
      rows.push({
        suite: name,
        name: 'error',
        value: String((error as Error).message ?? error).slice(0, 120),
        unit: '',
      })
    }
    rows.push({ suite: name, name: 'suite wall time', value: (Date.now() - started) / 1000, unit: 's' })
  }
  printTable(rows)
  process.exit(0)
}

void main()

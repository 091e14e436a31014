import { useState } from 'react'
import type { ResourceDef } from '../../shared/resource/types'
import { exportOrQueue } from '../components/exporting'
import type { Lang } from './fields'
import type { Query } from './query'
import { sayer } from './strings'

/**
 * 导出: main streams `GET def.exportPath` (with the page's filters) into a file the user picks in a
 * native save dialog; progress arrives as `export:progress` events with our id. A list of more than
 * 20,000 rows (`total`) is exported through 下载中心 instead (`asyncTask=true`).
 */
export function useExport(def: ResourceDef, query: Query, lang: Lang, total?: number) {
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState('')
  const run = async () => {
    if (!def.exportPath || busy) return
    const say = sayer(lang)
    const id = `export-${def.name}-${Date.now()}`
    setBusy(true)
    setProgress('')
    const off = window.api.on('export:progress', (p) => {
      if (p.id !== id) return
      setProgress(
        p.total ? `${Math.floor((p.received / p.total) * 100)}%` : `${Math.round(p.received / 1024)} KB`,
      )
    })
    try {
      await exportOrQueue(
        { method: 'GET', path: def.exportPath, query, id },
        `${def.label.zh}.xlsx`,
        total,
        say('exported'),
      )
    } finally {
      off()
      setBusy(false)
    }
  }
  return { busy, progress, run }
}

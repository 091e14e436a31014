import { useState } from 'react'
import type { ResourceDef } from '../../shared/resource/types'
import type { Lang } from './fields'
import type { Query } from './query'
import { notify } from './shell-adapter'
import { sayer } from './strings'

/**
 * 导出: main streams `GET def.exportPath` (with the page's filters) into a file the user picks in a
 * native save dialog; progress arrives as `export:progress` events with our id.
 */
export function useExport(def: ResourceDef, query: Query, lang: Lang) {
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
      const result = await window.api.files.export({
        method: 'GET',
        path: def.exportPath,
        query,
        id,
        suggestedName: `${def.label.zh}.xlsx`,
      })
      if (result.saved) notify.success(say('exported'), result.filePath ?? undefined)
    } catch (e) {
      const message =
        e && typeof e === 'object' && 'message' in e ? String((e as { message: unknown }).message) : String(e)
      if (!(e && typeof e === 'object' && (e as { silent?: boolean }).silent)) notify.error(message)
    } finally {
      off()
      setBusy(false)
    }
  }
  return { busy, progress, run }
}

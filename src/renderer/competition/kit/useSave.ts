import { useState } from 'react'
import type { AnyEndpoint, CallInput } from '../../../shared/api/endpoint'
import { toRequest } from '../../shell/request'
import { notify } from '../../resource/shell-adapter'
import { useText } from '../../i18n'

const SAVED = { zh: '导出成功', en: 'Exported' }

/**
 * Saves a file endpoint's answer (an export) through main's save dialog, with progress: `run(input,
 * name)` asks for the file name the dialog proposes.
 */
export function useSave() {
  const text = useText()
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState('')
  const run = async <E extends AnyEndpoint>(endpoint: E, input: CallInput<E>, suggestedName: string) => {
    if (busy) return
    const id = `competition-${Date.now()}`
    setBusy(true)
    setProgress('')
    const off = window.api.on('export:progress', (p) => {
      if (p.id !== id) return
      setProgress(
        p.total ? `${Math.floor((p.received / p.total) * 100)}%` : `${Math.round(p.received / 1024)} KB`,
      )
    })
    try {
      const req = toRequest(endpoint, input)
      const result = await window.api.files.export({
        method: 'GET',
        path: req.path,
        query: req.query,
        id,
        suggestedName,
      })
      if (result.saved) notify.success(text(SAVED), result.filePath ?? undefined)
    } catch (e) {
      const silent = !!(e && typeof e === 'object' && (e as { silent?: boolean }).silent)
      if (!silent)
        notify.error(e && typeof e === 'object' && 'message' in e ? String((e as Error).message) : String(e))
    } finally {
      off()
      setBusy(false)
    }
  }
  return { busy, progress, run }
}

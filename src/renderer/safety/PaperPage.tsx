import { useCallback, useState } from 'react'
import ResourcePage from '../resource/ResourcePage'
import { paperResource } from '../../shared/resources/safety/bank'
import { PaperDialog } from './PaperDialog'

/** 试卷管理: the list, and the composer for add, edit and view. */
export default function PaperPage() {
  const [dialog, setDialog] = useState<{ id?: string; readOnly?: boolean } | null>(null)
  const [signal, setSignal] = useState(0)
  const onEdit = useCallback((row: Record<string, unknown>) => setDialog({ id: String(row.id) }), [])
  return (
    <>
      <ResourcePage def={paperResource} reloadSignal={signal} onAdd={() => setDialog({})} onEdit={onEdit} />
      {dialog ? (
        <PaperDialog
          id={dialog.id}
          readOnly={dialog.readOnly}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null)
            setSignal((n) => n + 1)
          }}
        />
      ) : null}
    </>
  )
}

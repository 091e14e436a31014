import { Button, Tree, TreeItem, TreeItemLayout, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowUploadRegular } from '@fluentui/react-icons'
import { useCallback, useEffect, useMemo, useState } from 'react'
import ResourcePage from '../resource/ResourcePage'
import { ImportDialog } from '../resource/ImportDialog'
import { questionResource, questionSheetResource } from '../../shared/resources/safety/bank'
import { safetyBankApi, type CategoryNode } from '../../shared/api/safety'
import { useLang, usePermissions } from '../resource/shell-adapter'
import { useText } from '../i18n'
import { quietCall } from '../shell/request'
import { QuestionDialog } from './QuestionDialog'
import { T } from './texts'

const useStyles = makeStyles({
  page: { display: 'grid', gridTemplateColumns: '240px 1fr', height: '100%', minHeight: 0 },
  side: {
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingHorizontalS,
    overflow: 'auto',
  },
  chosen: { backgroundColor: tokens.colorBrandBackground2 },
  main: { minWidth: 0, minHeight: 0 },
})

function Nodes({
  nodes,
  chosen,
  onChoose,
}: {
  nodes: CategoryNode[]
  chosen: string
  onChoose: (id: string) => void
}) {
  const s = useStyles()
  return (
    <>
      {nodes.map((n) => (
        <TreeItem key={n.id} value={n.id} itemType={n.children?.length ? 'branch' : 'leaf'}>
          <TreeItemLayout className={chosen === n.id ? s.chosen : undefined} onClick={() => onChoose(n.id)}>
            {n.title}
          </TreeItemLayout>
          {n.children?.length ? (
            <Tree>
              <Nodes nodes={n.children} chosen={chosen} onChoose={onChoose} />
            </Tree>
          ) : null}
        </TreeItem>
      ))}
    </>
  )
}

/** 题库管理: the category tree at the left (a category covers its subtree), the bank at the right. */
export default function QuestionBankPage() {
  const s = useStyles()
  const text = useText()
  const lang = useLang()
  const can = usePermissions()
  const [tree, setTree] = useState<CategoryNode[]>([])
  const [category, setCategory] = useState('')
  const [dialog, setDialog] = useState<{ id?: string } | null>(null)
  const [importing, setImporting] = useState(false)
  const [signal, setSignal] = useState(0)
  useEffect(() => {
    void quietCall(safetyBankApi.category.tree)
      .then(setTree)
      .catch(() => undefined)
  }, [])
  const fixedQuery = useMemo(() => (category ? { categoryTree: category } : undefined), [category])
  const onEdit = useCallback((row: Record<string, unknown>) => setDialog({ id: String(row.id) }), [])
  return (
    <div className={s.page}>
      <aside className={s.side} aria-label={text(T.categories)}>
        <Tree aria-label={text(T.categories)} defaultOpenItems={tree.map((n) => n.id)}>
          <TreeItem value="" itemType="leaf">
            <TreeItemLayout
              className={category === '' ? s.chosen : undefined}
              onClick={() => setCategory('')}
            >
              {text(T.allCategories)}
            </TreeItemLayout>
          </TreeItem>
          <Nodes nodes={tree} chosen={category} onChoose={setCategory} />
        </Tree>
      </aside>
      <div className={s.main}>
        <ResourcePage
          def={questionResource}
          fixedQuery={fixedQuery}
          reloadSignal={signal}
          onAdd={() => setDialog({})}
          onEdit={onEdit}
          toolbarExtra={
            can('safety_questionbank_import') ? (
              <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)}>
                导入
              </Button>
            ) : null
          }
        />
      </div>
      {dialog ? (
        <QuestionDialog
          id={dialog.id}
          categoryId={category || undefined}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null)
            setSignal((n) => n + 1)
          }}
        />
      ) : null}
      {importing ? (
        <ImportDialog
          def={questionSheetResource}
          lang={lang}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false)
            setSignal((n) => n + 1)
          }}
        />
      ) : null}
    </div>
  )
}

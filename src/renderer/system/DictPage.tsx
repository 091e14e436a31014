import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { ListRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import ResourcePage from '../resource/ResourcePage'
import type { Row } from '../resource/ResourceGrid'
import { useLang } from '../resource/shell-adapter'
import { dictChild, dictParent } from '../../shared/resources/system/dict'

const useStyles = makeStyles({
  horizontal: { display: 'flex', height: '100%', minHeight: 0 },
  vertical: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 },
  pane: { flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' },
  split: { borderLeft: `1px solid ${tokens.colorNeutralStroke2}` },
  splitV: { borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  hint: { padding: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground3 },
})

/**
 * A dictionary screen: the codes (`parent-list`, paged) and the items of the chosen code
 * (`child-list`, a tree), side by side (系统字典) or stacked (业务字典).
 */
function DictScreen({ biz, layout }: { biz: boolean; layout: 'horizontal' | 'vertical' }) {
  const s = useStyles()
  const zh = useLang() === 'zh'
  const kind = biz ? 'biz' : 'sys'
  const base = dictChild[kind].basePath
  const [parent, setParent] = useState<Row | null>(null)
  const childQuery = useMemo(() => (parent ? { parentId: String(parent.id) } : undefined), [parent])
  const childPreset = useMemo(
    () => (parent ? { parentId: String(parent.id), code: String(parent.code ?? '') } : undefined),
    [parent],
  )
  return (
    <div className={layout === 'horizontal' ? s.horizontal : s.vertical}>
      <div className={s.pane}>
        <ResourcePage
          def={dictParent[kind]}
          listPath={`${base}/parent-list`}
          rowExtra={(row) => (
            <Button
              size="small"
              appearance={parent?.id === row.id ? 'primary' : 'transparent'}
              icon={<ListRegular />}
              onClick={() => setParent(row)}
            >
              {zh ? '字典配置' : 'Items'}
            </Button>
          )}
        />
      </div>
      <div className={`${s.pane} ${layout === 'horizontal' ? s.split : s.splitV}`}>
        {parent ? (
          <ResourcePage
            key={String(parent.id)}
            def={dictChild[kind]}
            listPath={`${base}/child-list`}
            fixedQuery={childQuery}
            addPreset={childPreset}
          />
        ) : (
          <div className={s.hint}>{zh ? '请先选择一个字典' : 'Choose a dictionary first'}</div>
        )}
      </div>
    </div>
  )
}

export const DictHorizontalPage = () => <DictScreen biz={false} layout="horizontal" />
export const DictVerticalPage = () => <DictScreen biz layout="vertical" />

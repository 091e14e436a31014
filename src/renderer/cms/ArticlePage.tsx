import { Button, makeStyles, Tree, TreeItem, TreeItemLayout, tokens } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { cmsArticleApi, cmsCategoryApi, type CmsCategoryNode } from '../../shared/api/cms'
import { ARTICLE_STATUS, cmsArticleResource } from '../../shared/resources/cms/cms'
import ResourcePage from '../resource/ResourcePage'
import { notify, usePermissions } from '../resource/shell-adapter'
import { quietCall } from '../shell/request'

const useStyles = makeStyles({
  page: { display: 'flex', gap: tokens.spacingHorizontalM, flex: 1, minHeight: 0 },
  side: {
    width: '220px',
    flexShrink: 0,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingRight: tokens.spacingHorizontalS,
    overflow: 'auto',
  },
  main: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  chosen: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
})

/** 文章管理: the category tree at the left filters the list (a whole branch); 发布/下线 per row. */
export default function ArticlePage() {
  const s = useStyles()
  const can = usePermissions()
  const navigate = useNavigate()
  const [tree, setTree] = useState<CmsCategoryNode[]>([])
  const [categoryId, setCategoryId] = useState<string | null>(null)
  const [reload, setReload] = useState(0)
  useEffect(() => {
    void quietCall(cmsCategoryApi.tree, { query: {} }).then(setTree, () => setTree([]))
  }, [])

  const setStatus = async (id: string, status: number) => {
    await window.api.api.call({
      method: 'POST',
      path: `${cmsArticleResource.basePath}/submit`,
      body: { id, status },
    })
    notify.success(status === ARTICLE_STATUS.published ? '发布成功' : '已下线')
    setReload((n) => n + 1)
  }

  const node = (n: CmsCategoryNode) => (
    <TreeItem key={n.id} itemType={n.children?.length ? 'branch' : 'leaf'} value={n.id}>
      <TreeItemLayout
        className={categoryId === n.id ? s.chosen : undefined}
        onClick={(e) => {
          e.stopPropagation()
          setCategoryId(categoryId === n.id ? null : n.id)
        }}
      >
        {n.title}
      </TreeItemLayout>
      {n.children?.length ? <Tree>{n.children.map(node)}</Tree> : null}
    </TreeItem>
  )

  return (
    <div className={s.page}>
      <div className={s.side}>
        <Tree aria-label="栏目" defaultOpenItems={tree.map((n) => n.id)}>
          {tree.map(node)}
        </Tree>
      </div>
      <div className={s.main}>
        <ResourcePage
          def={cmsArticleResource}
          listPath={cmsArticleApi.page.path}
          fixedQuery={categoryId ? { categoryId } : {}}
          addPreset={categoryId ? { categoryId } : undefined}
          reloadSignal={reload}
          rowExtra={(row) => (
            <>
              {can('cms_article_edit') && Number(row.status) !== ARTICLE_STATUS.published && (
                <Button
                  size="small"
                  appearance="transparent"
                  onClick={() =>
                    void setStatus(String(row.id), ARTICLE_STATUS.published).catch(() => undefined)
                  }
                >
                  发布
                </Button>
              )}
              {can('cms_article_edit') && Number(row.status) === ARTICLE_STATUS.published && (
                <Button
                  size="small"
                  appearance="transparent"
                  onClick={() =>
                    void setStatus(String(row.id), ARTICLE_STATUS.offline).catch(() => undefined)
                  }
                >
                  下线
                </Button>
              )}
              <Button
                size="small"
                appearance="transparent"
                onClick={() => navigate(`/cms/read/${String(row.id)}`)}
              >
                阅读
              </Button>
            </>
          )}
        />
      </div>
    </div>
  )
}

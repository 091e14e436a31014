import { Button } from '@fluentui/react-components'
import { EyeRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import ResourcePage from '../resource/ResourcePage'
import { homeParamResource } from '../../shared/resources/safety/learning'
import { safetyLearningApi, type HomeParam } from '../../shared/api/safety'
import { useText } from '../i18n'
import { quietCall } from '../shell/request'
import { FormShell } from './FormShell'
import StudyPortal from './StudyPortal'
import { T } from './texts'

/** 首页参数: the blocks of 安全学习, with 预览 of the portal as readers see it (启用 blocks by sort). */
export default function HomeParamPage() {
  const text = useText()
  const [preview, setPreview] = useState<HomeParam[] | null>(null)
  const open = async () => {
    const page = await quietCall(safetyLearningApi.homeParam.list, {
      query: { status_equal: '1', ascs: 'sort', current: 1, size: 50 },
    }).catch(() => [])
    setPreview((Array.isArray(page) ? page : page.records) as HomeParam[])
  }
  return (
    <>
      <ResourcePage
        def={homeParamResource}
        toolbarExtra={
          <Button icon={<EyeRegular />} onClick={() => void open()}>
            {text(T.preview)}
          </Button>
        }
      />
      {preview ? (
        <FormShell
          title={`${text(T.preview)}：安全学习`}
          width={1200}
          readOnly
          onClose={() => setPreview(null)}
        >
          <div style={{ height: '70vh' }}>
            <StudyPortal preview={preview} />
          </div>
        </FormShell>
      ) : null}
    </>
  )
}

import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
} from '@fluentui/react-components'
import { useState } from 'react'
import { assetClassApi } from '../../shared/api/report'
import { notify } from '../shell/notify'
import { call } from '../shell/request'
import { fileBase64 } from './common'

/**
 * 导入分类编码 (platform administrator): an Excel of 《高等学校固定资产分类及编码》 (columns 分类号,
 * 分类名称) upserted by code in one transaction; a bad line refuses the whole file with its line numbers.
 */
export function AssetClassImportDialog({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)

  async function run() {
    if (!file) {
      notify.warning('请选择Excel文件')
      return
    }
    setBusy(true)
    try {
      const r = await call(assetClassApi.importData, {
        body: { file: { name: file.name, base64: await fileBase64(file) } },
      } as never)
      notify.success(`导入成功，共${r.total}条（新增${r.inserted}条，更新${r.updated}条）`)
      onClose()
    } catch {
      // the server's message (e.g. 第3行: 分类号…) was toasted; nothing was written
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface style={{ width: 520, maxWidth: 'calc(100vw - 48px)' }}>
        <DialogBody>
          <DialogTitle>导入分类编码</DialogTitle>
          <DialogContent>
            <Field label="Excel文件" hint="列：分类号、分类名称；按分类号新增或更新，有错误行时整份不导入">
              <input
                type="file"
                aria-label="选择分类编码文件"
                accept=".xlsx,.xls"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy || !file} onClick={() => void run()}>
              导入
            </Button>
            <Button disabled={busy} onClick={onClose}>
              取消
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

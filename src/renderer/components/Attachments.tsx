import { Button, Link, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular, AttachRegular, DeleteRegular, ImageAddRegular } from '@fluentui/react-icons'
import { useRef, useState } from 'react'
import type { AttachmentInfo } from '../../shared/api/common'
import { notify } from '../resource/shell-adapter'
import { bytesOf, saveServerFile, useServerImage } from './server-files'

export type Attachment = AttachmentInfo

/** At most this many attachments, each at most 50 MB (reports-portal.md 7). */
export const MAX_ATTACHMENTS = 10
const MAX_BYTES = 50 * 1024 * 1024

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, width: '100%' },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  size: { color: tokens.colorNeutralForeground3 },
  cover: {
    width: '160px',
    height: '100px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
})

const sizeText = (bytes?: number | null) =>
  !bytes ? '' : bytes < 1048576 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1048576).toFixed(1)} MB`

const idsOf = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)

/** Saves one attachment through main's save dialog. */
async function save(a: Attachment) {
  try {
    if (await saveServerFile(a.link, a.originalName)) notify.success('已保存')
  } catch (e) {
    notify.error((e as { message?: string })?.message ?? '保存失败')
  }
}

/** Attachments as a reader sees them: names, sizes and 保存 through the save dialog. */
export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  const s = useStyles()
  if (!attachments.length) return <Text className={s.size}>-</Text>
  return (
    <ul className={s.list} aria-label="附件" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {attachments.map((a) => (
        <li key={a.id} className={s.item}>
          <AttachRegular />
          <Link onClick={() => void save(a)}>{a.originalName}</Link>
          <Text size={200} className={s.size}>
            {sizeText(a.attachSize)}
          </Text>
          <Button
            size="small"
            appearance="subtle"
            icon={<ArrowDownloadRegular />}
            aria-label={`保存 ${a.originalName}`}
            onClick={() => void save(a)}
          >
            保存
          </Button>
        </li>
      ))}
    </ul>
  )
}

/**
 * The `files` control: the value is the attachment ids (comma-joined); uploads go through
 * `files:upload-file` as attachments (`blade_attach` rows); names come from the detail's `attachments`.
 */
export function FilesControl({
  value,
  known,
  disabled,
  onChange,
  onBlur,
}: {
  value: unknown
  known: Attachment[]
  disabled?: boolean
  onChange: (value: string) => void
  onBlur: () => void
}) {
  const s = useStyles()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [uploaded, setUploaded] = useState<Attachment[]>([])
  const ids = idsOf(value)
  const byId = new Map([...known, ...uploaded].map((a) => [a.id, a]))
  const upload = async (files: File[]) => {
    if (ids.length + files.length > MAX_ATTACHMENTS) return notify.error(`附件不能超过${MAX_ATTACHMENTS}个`)
    const big = files.find((f) => f.size > MAX_BYTES)
    if (big) return notify.error(`${big.name} 超过 50MB`)
    setBusy(true)
    const added: Attachment[] = []
    try {
      for (const file of files) {
        const r = await window.api.files.uploadFile({
          name: file.name,
          type: file.type,
          bytes: await bytesOf(file),
          attach: true,
        })
        if (r.attachId)
          added.push({
            id: r.attachId,
            originalName: r.originalName ?? file.name,
            attachSize: file.size,
            link: r.link,
          })
      }
    } catch (e) {
      notify.error((e as { message?: string })?.message ?? '上传失败')
    } finally {
      setBusy(false)
      if (added.length) {
        setUploaded((prev) => [...prev, ...added])
        onChange([...ids, ...added.map((a) => a.id)].join(','))
      }
      onBlur()
    }
  }
  return (
    <div className={s.list}>
      {ids.map((id) => {
        const a = byId.get(id)
        return (
          <div key={id} className={s.item}>
            <AttachRegular />
            <Text>{a?.originalName ?? `附件 ${id}`}</Text>
            <Text size={200} className={s.size}>
              {sizeText(a?.attachSize)}
            </Text>
            <Button
              size="small"
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={`移除 ${a?.originalName ?? id}`}
              disabled={disabled}
              onClick={() => onChange(ids.filter((v) => v !== id).join(','))}
            />
          </div>
        )
      })}
      <div className={s.row}>
        <Button
          size="small"
          icon={busy ? <Spinner size="tiny" /> : <AttachRegular />}
          disabled={disabled || busy || ids.length >= MAX_ATTACHMENTS}
          onClick={() => input.current?.click()}
        >
          上传附件
        </Button>
        <Text size={200} className={s.size}>
          最多{MAX_ATTACHMENTS}个，每个不超过50MB
        </Text>
      </div>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="files-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])]
          e.target.value = ''
          if (files.length) void upload(files)
        }}
      />
    </div>
  )
}

/** A server image (a cover) shown from a blob: URL. */
export function ServerImage({ link, alt }: { link: string; alt: string }) {
  const s = useStyles()
  const url = useServerImage(link)
  return url ? <img className={s.cover} src={url} alt={alt} /> : <Spinner size="tiny" />
}

/** The `image` control: one JPG/PNG of at most 2 MB (a cover), the value its link. */
export function ImageControl({
  value,
  label,
  disabled,
  onChange,
  onBlur,
}: {
  value: unknown
  label: string
  disabled?: boolean
  onChange: (value: string) => void
  onBlur: () => void
}) {
  const s = useStyles()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const link = String(value ?? '')
  const upload = async (file: File) => {
    if (!/^image\/(png|jpeg)$/.test(file.type) || file.size > 2 * 1024 * 1024)
      return notify.error(`${label}只能是JPG/PNG格式，且不超过2MB`)
    setBusy(true)
    try {
      const r = await window.api.files.uploadFile({
        name: file.name,
        type: file.type,
        bytes: await bytesOf(file),
      })
      onChange(r.link)
    } catch (e) {
      notify.error((e as { message?: string })?.message ?? '上传失败')
    } finally {
      setBusy(false)
      onBlur()
    }
  }
  return (
    <div className={s.row}>
      {link && <ServerImage link={link} alt={label} />}
      <Button
        size="small"
        icon={busy ? <Spinner size="tiny" /> : <ImageAddRegular />}
        disabled={disabled || busy}
        onClick={() => input.current?.click()}
      >
        {link ? '更换' : '上传'}
      </Button>
      {link && (
        <Button size="small" appearance="subtle" disabled={disabled} onClick={() => onChange('')}>
          移除
        </Button>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        data-testid="image-input"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void upload(file)
        }}
      />
    </div>
  )
}

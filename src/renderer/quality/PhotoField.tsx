import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, DismissRegular } from '@fluentui/react-icons'
import { useRef, useState } from 'react'
import { MAX_PHOTOS } from '../../shared/resources/quality/inspection'
import { bytesOf, useServerImage } from '../components/server-files'
import { notify } from '../resource/shell-adapter'
import { showCallError } from '../shell/request'

const useStyles = makeStyles({
  grid: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  tile: {
    position: 'relative',
    width: '96px',
    height: '96px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    display: 'grid',
    placeItems: 'center',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  image: { width: '100%', height: '100%', objectFit: 'cover' },
  remove: { position: 'absolute', top: '2px', right: '2px', minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  hidden: { display: 'none' },
})

const idsOf = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

function Photo({ link, name }: { link?: string; name: string }) {
  const s = useStyles()
  const url = useServerImage(link)
  return url ? <img className={s.image} src={url} alt={name} /> : <Spinner size="tiny" />
}

/**
 * 现场照片: up to nine images uploaded as attachments (`files:upload-file` with `attach`), kept as the
 * comma list of their ids; thumbnails are read through main.
 */
export function PhotoField({
  value,
  disabled,
  onChange,
  links,
  onUploaded,
}: {
  /** The photos' attachment ids, comma-joined. */
  value: string
  disabled: boolean
  onChange: (value: string) => void
  /** id → link of the photos known so far (the detail's, and new uploads). */
  links: Map<string, { link: string; name: string }>
  onUploaded: (id: string, link: string, name: string) => void
}) {
  const s = useStyles()
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const ids = idsOf(value)

  const upload = async (files: FileList | null) => {
    if (!files?.length) return
    let next = [...ids]
    setUploading(true)
    try {
      for (const file of [...files]) {
        if (next.length >= MAX_PHOTOS) {
          notify.error(`现场照片最多上传${MAX_PHOTOS}张`)
          break
        }
        if (!/^image\//.test(file.type)) {
          notify.error('现场照片只能是图片')
          continue
        }
        const bytes = await bytesOf(file)
        const result = await window.api.files.uploadFile({
          name: file.name,
          type: file.type,
          bytes,
          attach: true,
        })
        if (!result.attachId) continue
        onUploaded(result.attachId, result.link, file.name)
        next = [...next, result.attachId]
        onChange(next.join(','))
      }
    } catch (error) {
      showCallError(error)
    } finally {
      setUploading(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className={s.grid} role="group" aria-label="现场照片">
      {ids.map((id) => {
        const known = links.get(id)
        return (
          <div key={id} className={s.tile}>
            <Photo link={known?.link} name={known?.name ?? '现场照片'} />
            {disabled ? null : (
              <Button
                className={s.remove}
                size="small"
                appearance="subtle"
                icon={<DismissRegular />}
                aria-label={`删除照片 ${known?.name ?? ''}`.trim()}
                onClick={() => onChange(ids.filter((i) => i !== id).join(','))}
              />
            )}
          </div>
        )
      })}
      {disabled ? (
        ids.length ? null : (
          <span className={s.hint}>无照片</span>
        )
      ) : (
        <>
          <Button
            icon={uploading ? <Spinner size="tiny" /> : <AddRegular />}
            disabled={uploading || ids.length >= MAX_PHOTOS}
            onClick={() => input.current?.click()}
          >
            上传照片
          </Button>
          <span className={s.hint}>
            {ids.length}/{MAX_PHOTOS} 张，jpg 或 png
          </span>
          <input
            ref={input}
            className={s.hidden}
            type="file"
            accept="image/png,image/jpeg"
            multiple
            aria-label="选择现场照片"
            onChange={(e) => void upload(e.target.files)}
          />
        </>
      )}
    </div>
  )
}

import {
  Button,
  Field,
  Input,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Toolbar,
  ToolbarButton,
  ToolbarDivider,
  Tooltip,
  tokens,
} from '@fluentui/react-components'
import {
  ImageAddRegular,
  LinkRegular,
  TextBoldRegular,
  TextBulletListLtrRegular,
  TextHeader1Regular,
  TextHeader2Regular,
  TextHeader3Regular,
  TextItalicRegular,
  TextNumberListLtrRegular,
  TextQuoteRegular,
  TextUnderlineRegular,
} from '@fluentui/react-icons'
import { Image } from '@tiptap/extension-image'
import {
  EditorContent,
  NodeViewWrapper,
  ReactNodeViewRenderer,
  useEditor,
  useEditorState,
  type Editor,
  type ReactNodeViewProps,
} from '@tiptap/react'
import { StarterKit } from '@tiptap/starter-kit'
import { useEffect, useRef, useState, type ReactElement } from 'react'
import { RICH_LINK } from '../../../shared/rich-text'
import { notify } from '../../resource/shell-adapter'
import { bytesOf, useServerImage } from '../server-files'
import { useRichTextStyles } from './RichTextView'
import { sanitizeForView } from './sanitize'

const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/
const IMAGE_MAX_BYTES = 10 * 1024 * 1024

const useStyles = makeStyles({
  frame: {
    width: '100%',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  invalid: { border: `1px solid ${tokens.colorPaletteRedBorder2}` },
  toolbar: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, flexWrap: 'wrap' },
  on: { backgroundColor: tokens.colorNeutralBackground1Selected },
  content: {
    padding: `0 ${tokens.spacingHorizontalM}`,
    minHeight: '180px',
    maxHeight: '420px',
    overflowY: 'auto',
    '& .ProseMirror': { outline: 'none', minHeight: '180px' },
  },
  linkForm: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
})

/** An uploaded image in the editor, shown from a blob: URL; the document keeps the server link. */
function ServerImageView({ node, selected }: ReactNodeViewProps) {
  const url = useServerImage(String(node.attrs.src ?? ''))
  return (
    <NodeViewWrapper as="span">
      <img
        src={url ?? undefined}
        alt={String(node.attrs.alt ?? '')}
        data-file={String(node.attrs.src ?? '')}
        style={{ maxWidth: '100%', outline: selected ? '2px solid' : undefined }}
      />
    </NodeViewWrapper>
  )
}

const ServerImage = Image.extend({
  addNodeView() {
    return ReactNodeViewRenderer(ServerImageView)
  },
})

export interface RichTextEditorProps {
  value: string
  onChange: (html: string) => void
  onBlur?: () => void
  disabled?: boolean
  invalid?: boolean
  label?: string
}

/** Tiptap's empty document. */
const EMPTY = '<p></p>'

/**
 * The `richtext` control (Tiptap, headless, with a Fluent toolbar): bold, italic, underline, headings,
 * lists, quote, link and image upload (`files:upload-file`). The value is HTML; the server sanitises it
 * before writing, and what comes in is sanitised before the editor sees it.
 */
export function RichTextEditor({ value, onChange, onBlur, disabled, invalid, label }: RichTextEditorProps) {
  const s = useStyles()
  const text = useRichTextStyles()
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https'] },
      }),
      ServerImage,
    ],
    content: sanitizeForView(value) || EMPTY,
    editable: !disabled,
    editorProps: { attributes: { 'aria-label': label ?? '正文', role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  })
  // A value set from outside (the detail arrived) replaces the document.
  const last = useRef(value)
  useEffect(() => {
    if (!editor || value === last.current) return
    last.current = value
    if (value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(sanitizeForView(value) || EMPTY, { emitUpdate: false })
  }, [editor, value])
  useEffect(() => {
    last.current = value
  })
  useEffect(() => editor?.setEditable(!disabled), [editor, disabled])

  return (
    <div className={invalid ? `${s.frame} ${s.invalid}` : s.frame} aria-invalid={invalid || undefined}>
      {editor && <RichToolbar editor={editor} disabled={disabled} />}
      <EditorContent editor={editor} className={`${s.content} ${text.body}`} />
    </div>
  )
}

function RichToolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const s = useStyles()
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  })
  const chain = () => editor.chain().focus()
  const button = (name: string, icon: ReactElement, on: boolean, run: () => void) => (
    <Tooltip content={name} relationship="label" key={name}>
      <ToolbarButton
        icon={icon}
        aria-pressed={on}
        className={on ? s.on : undefined}
        disabled={disabled}
        onClick={run}
      />
    </Tooltip>
  )
  return (
    <Toolbar size="small" className={s.toolbar} aria-label="格式">
      {button('加粗', <TextBoldRegular />, state.bold, () => chain().toggleBold().run())}
      {button('斜体', <TextItalicRegular />, state.italic, () => chain().toggleItalic().run())}
      {button('下划线', <TextUnderlineRegular />, state.underline, () => chain().toggleUnderline().run())}
      <ToolbarDivider />
      {button('标题1', <TextHeader1Regular />, state.h1, () => chain().toggleHeading({ level: 1 }).run())}
      {button('标题2', <TextHeader2Regular />, state.h2, () => chain().toggleHeading({ level: 2 }).run())}
      {button('标题3', <TextHeader3Regular />, state.h3, () => chain().toggleHeading({ level: 3 }).run())}
      <ToolbarDivider />
      {button('无序列表', <TextBulletListLtrRegular />, state.bullet, () => chain().toggleBulletList().run())}
      {button('有序列表', <TextNumberListLtrRegular />, state.ordered, () =>
        chain().toggleOrderedList().run(),
      )}
      {button('引用', <TextQuoteRegular />, state.quote, () => chain().toggleBlockquote().run())}
      <ToolbarDivider />
      <LinkButton editor={editor} on={state.link} disabled={disabled} />
      <ImageButton editor={editor} disabled={disabled} />
    </Toolbar>
  )
}

function LinkButton({ editor, on, disabled }: { editor: Editor; on: boolean; disabled?: boolean }) {
  const s = useStyles()
  const [open, setOpen] = useState(false)
  const [href, setHref] = useState('')
  const [error, setError] = useState('')
  const apply = () => {
    const url = href.trim()
    if (!url) editor.chain().focus().extendMarkRange('link').unsetLink().run()
    else if (!RICH_LINK.test(url)) return setError('链接必须以http://或https://开头')
    else editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run()
    setOpen(false)
  }
  return (
    <Popover
      open={open}
      trapFocus
      onOpenChange={(_, d) => {
        setOpen(d.open)
        if (d.open) {
          setHref(String(editor.getAttributes('link').href ?? ''))
          setError('')
        }
      }}
    >
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content="链接" relationship="label">
          <ToolbarButton icon={<LinkRegular />} aria-pressed={on} disabled={disabled} />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface>
        <div className={s.linkForm}>
          <Field label="链接地址" validationMessage={error || undefined}>
            <Input
              value={href}
              placeholder="https://"
              onChange={(_, d) => setHref(d.value)}
              onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), apply())}
            />
          </Field>
          <Button appearance="primary" onClick={apply}>
            确定
          </Button>
        </div>
      </PopoverSurface>
    </Popover>
  )
}

function ImageButton({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const upload = async (file: File) => {
    if (!IMAGE_TYPES.test(file.type)) return notify.error('只能插入 PNG、JPG、GIF 或 WEBP 图片')
    if (file.size > IMAGE_MAX_BYTES) return notify.error('图片不能超过 10MB')
    setBusy(true)
    try {
      const result = await window.api.files.uploadFile({
        name: file.name,
        type: file.type,
        bytes: await bytesOf(file),
      })
      editor.chain().focus().setImage({ src: result.link, alt: file.name }).run()
    } catch (e) {
      notify.error((e as { message?: string })?.message ?? '上传失败')
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Tooltip content="插入图片" relationship="label">
        <ToolbarButton
          icon={<ImageAddRegular />}
          disabled={disabled || busy}
          onClick={() => input.current?.click()}
        />
      </Tooltip>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        data-testid="rich-image-input"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void upload(file)
        }}
      />
    </>
  )
}

import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type * as Fontkit from 'fontkit'
import type PdfKit from 'pdfkit'
import type QrCode from 'qrcode'
import { lazyRequire } from '../core/lazy-require'

/**
 * 实验室安全准入证书 as PDF (B.8): A4 landscape, one page per certificate, the CJK font embedded as a
 * subset (only the glyphs used), the QR code drawn as vector modules. The font is loaded once.
 */

export interface CertificateData {
  title: string
  issuer: string
  userName: string
  userCode: string
  /** 学号 for students, 工号 for staff. */
  codeLabel: string
  deptName: string
  planName: string
  examDate: string
  score: number
  certificateNo: string
  issueDate: string
  validUntil: string | null
  qrText: string
}

/**
 * Where the CJK font is: `LAB_CERT_FONT`, a font shipped beside the app (`resources/fonts`), or the
 * system's Noto CJK (Debian fonts-noto-cjk), Microsoft YaHei / SimHei, PingFang. A collection (.ttc)
 * names its face after `#`.
 */
const CANDIDATES = [
  process.env.LAB_CERT_FONT ?? '',
  join(process.cwd(), 'resources/fonts/NotoSansCJKsc-Regular.otf'),
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#NotoSansCJKsc-Regular',
  '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc#NotoSerifCJKsc-Regular',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc#WenQuanYiMicroHei',
  'C:\\Windows\\Fonts\\msyh.ttc#MicrosoftYaHei',
  'C:\\Windows\\Fonts\\simhei.ttf',
  '/System/Library/Fonts/PingFang.ttc#PingFangSC-Regular',
].filter(Boolean)

// Loaded with the first certificate rather than with the server (≈ 24 MiB an idle server need not hold).
const fontkit = lazyRequire<typeof Fontkit>('fontkit')
const PDFDocument = lazyRequire<typeof PdfKit>('pdfkit')
const QRCode = lazyRequire<typeof QrCode>('qrcode')

type Font = Fontkit.Font
let loaded: Font | null | undefined

/** A Type 2 charstring number (CFF spec 5177, table 3), rounded to whole font units. */
function charNumber(v: number): number[] {
  const n = Math.round(v)
  if (n >= -107 && n <= 107) return [n + 139]
  if (n >= 108 && n <= 1131) return [((n - 108) >> 8) + 247, (n - 108) & 0xff]
  if (n >= -1131 && n <= -108) return [((-n - 108) >> 8) + 251, (-n - 108) & 0xff]
  return [28, (n >> 8) & 0xff, n & 0xff]
}

type PathCommand = { command: string; args: number[] }

/**
 * A glyph's outline as a charstring of its own: rmoveto / rlineto / rrcurveto and endchar, no hints
 * and no subroutine calls. Whole font units, each delta taken between rounded points (no drift).
 */
function flatCharstring(commands: PathCommand[]): Uint8Array {
  const out: number[] = []
  let x = 0
  let y = 0
  const to = (points: number[], operator: number) => {
    for (let i = 0; i < points.length; i += 2) {
      const px = Math.round(points[i])
      const py = Math.round(points[i + 1])
      out.push(...charNumber(px - x), ...charNumber(py - y))
      x = px
      y = py
    }
    out.push(operator)
  }
  for (const { command, args } of commands) {
    if (command === 'moveTo') to(args, 21)
    else if (command === 'lineTo') to(args, 5)
    else if (command === 'bezierCurveTo') to(args, 8)
    else if (command === 'quadraticCurveTo') {
      // raised to a cubic: control points two thirds of the way towards the quadratic one
      const [qx, qy, ex, ey] = args
      const c = (from: number, q: number) => from + ((q - from) * 2) / 3
      to([c(x, qx), c(y, qy), c(ex, qx), c(ey, qy), ex, ey], 8)
    }
  }
  out.push(14)
  return Uint8Array.from(out)
}

interface CffSubset {
  glyphs: number[]
  charstrings: Uint8Array[]
  gsubrs: Uint8Array[]
  cff?: unknown
  subsetCharstrings(): void
  subsetSubrs(subrs: unknown[], used: Record<number, boolean>): Uint8Array[] | null
}

/**
 * A CJK CFF font (Noto Sans CJK) keeps tens of thousands of local subroutines; fontkit's subset keeps
 * every one (unused ones as a bare return) so the indexes stay valid, and encoding them cost ~100 ms
 * per PDF. The subset here writes each embedded glyph without subroutines instead: the outline the
 * font draws, flattened once per glyph and kept, and no subroutine indexes at all.
 */
function flatSubsets(font: Font): () => unknown {
  const flat = new Map<number, Uint8Array>()
  const charstring = (gid: number) => {
    let bytes = flat.get(gid)
    if (!bytes) {
      const path = font.getGlyph(gid).path as unknown as { commands: PathCommand[] }
      flat.set(gid, (bytes = flatCharstring(path.commands)))
    }
    return bytes
  }
  return () => {
    const subset = font.createSubset() as unknown as CffSubset
    if (!subset.cff) return subset
    subset.subsetCharstrings = function (this: CffSubset) {
      this.charstrings = this.glyphs.map(charstring)
      this.gsubrs = []
    }
    subset.subsetSubrs = () => null
    return subset
  }
}

/**
 * The font with a plain layout: glyphs from the cmap and their advances. Chinese text needs no
 * OpenType shaping, and fontkit's full shaping of a CJK font costs ~15 ms per run. Subsets are
 * written without subroutines (flatSubsets).
 */
function plainLayout(font: Font): Font {
  const plain = Object.create(font) as Font
  ;(plain as { layout: unknown }).layout = (text: string) => {
    const glyphs = font.glyphsForString(text)
    return {
      glyphs,
      positions: glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 })),
      advanceWidth: glyphs.reduce((sum, g) => sum + g.advanceWidth, 0),
    }
  }
  ;(plain as { createSubset: unknown }).createSubset = flatSubsets(font)
  return plain
}

export function certificateFont(): Font {
  if (loaded) return loaded
  for (const candidate of CANDIDATES) {
    const [file, face] = candidate.split('#')
    if (!existsSync(file)) continue
    const font = fontkit().create(readFileSync(file), face) as Font | Fontkit.FontCollection
    const chosen = 'fonts' in font ? ((face ? font.getFont(face) : font.fonts[0]) as Font) : font
    if (chosen) return (loaded = plainLayout(chosen))
  }
  throw new Error('未找到证书所需的中文字体（可用 LAB_CERT_FONT 指定字体文件）')
}

const MM = 72 / 25.4

/**
 * The QR code as vector modules, one rectangle per horizontal run. The mask is fixed (any of the eight
 * is a valid code; choosing the best one scores all eight and was a third of a certificate's time).
 */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode().create(text, { errorCorrectionLevel: 'M', maskPattern: 0 })
  const n = qr.modules.size
  const quiet = 2
  const cell = size / (n + quiet * 2)
  doc.save().rect(x, y, size, size).fill('#FFFFFF')
  doc.fillColor('#000000')
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      if (!qr.modules.get(r, c)) continue
      let run = 1
      while (c + run < n && qr.modules.get(r, c + run)) run++
      doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell * run, cell)
      c += run - 1
    }
  doc.fill().restore()
}

const chineseDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number)
  return `${y}年${m}月${d}日`
}

function drawPage(doc: PDFKit.PDFDocument, font: Font, c: CertificateData) {
  const width = doc.page.width
  const height = doc.page.height
  doc.font(font as never)
  // Frame
  doc
    .lineWidth(6)
    .strokeColor('#1F5AA6')
    .rect(24, 24, width - 48, height - 48)
    .stroke()
  doc
    .lineWidth(1.2)
    .strokeColor('#C9A227')
    .rect(36, 36, width - 72, height - 72)
    .stroke()
  doc.fillColor('#1F3A5F').fontSize(34).text(c.title, 0, 80, { align: 'center', width, characterSpacing: 6 })
  const body =
    `${c.userName}（${c.codeLabel}：${c.userCode}），${c.deptName}，于${chineseDate(c.examDate)}参加「${c.planName}」，` +
    `成绩${c.score}分，考核合格，准予进入实验室开展实验工作。`
  doc
    .fillColor('#222222')
    .fontSize(18)
    .text(body, 90, 170, { width: width - 180, lineGap: 12, indent: 36 })
  const infoY = height - 190
  doc.fontSize(13).fillColor('#333333')
  doc.text(`证书编号：${c.certificateNo}`, 90, infoY)
  doc.text(`发证日期：${chineseDate(c.issueDate)}`, 90, infoY + 26)
  doc.text(`有效期至：${c.validUntil ? chineseDate(c.validUntil) : '长期有效'}`, 90, infoY + 52)
  doc.fontSize(16).text(c.issuer, width - 420, infoY + 40, { width: 260, align: 'center' })
  doc.fontSize(12).text(chineseDate(c.issueDate), width - 420, infoY + 66, { width: 260, align: 'center' })
  const qrSize = 30 * MM
  const qrX = width - 80 - qrSize
  const qrY = infoY - 40
  drawQr(doc, c.qrText, qrX, qrY, qrSize)
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text('扫描二维码验证证书真伪', qrX - 20, qrY + qrSize + 4, { width: qrSize + 40, align: 'center' })
}

/** One PDF with a page per certificate. */
export function certificatePdf(certificates: CertificateData[]): Promise<Buffer> {
  const font = certificateFont()
  const doc = new (PDFDocument())({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    autoFirstPage: false,
    compress: true,
    // no default Helvetica: parsing its metrics cost every document ~2 ms, and no text uses it
    font: '',
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.info.Title =
    certificates.length === 1
      ? `${certificates[0].title}_${certificates[0].userName}`
      : (certificates[0]?.title ?? '')
  for (const c of certificates) {
    doc.addPage()
    drawPage(doc, font, c)
  }
  doc.end()
  return ended
}

import { useEffect, useState } from 'react'
import QRCode from 'qrcode'

/** A QR code drawn as an SVG image (the certificate card's; the PDF draws the same content). */
export function QrCode({ text, size = 120, label }: { text: string; size?: number; label: string }) {
  const [src, setSrc] = useState('')
  useEffect(() => {
    let live = true
    void QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
    )
    return () => {
      live = false
    }
  }, [text])
  return src ? (
    <img src={src} width={size} height={size} alt={label} />
  ) : (
    <div style={{ width: size, height: size }} />
  )
}

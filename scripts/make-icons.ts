/**
 * Renders resources/icon.svg into every icon the app and its installers use (run after changing the
 * SVG: `npx tsx scripts/make-icons.ts`; the outputs are committed):
 *   resources/icon.png   512 px, the window icon at run time (Windows, Linux)
 *   build/icon.png       1024 px, electron-builder's Linux icon and source
 *   build/icon.ico       Windows installer and executable (PNG entries 16–256)
 *   build/icon.icns      macOS bundle (PNG entries 16@2x–512@2x)
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { Resvg } from '@resvg/resvg-js'

const svg = readFileSync('resources/icon.svg', 'utf8')
const png = (size: number): Buffer =>
  Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng())

/** ICO with PNG-compressed entries (Windows Vista and later). */
function ico(sizes: number[]): Buffer {
  const images = sizes.map(png)
  const header = Buffer.alloc(6 + 16 * sizes.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(sizes.length, 4)
  let offset = header.length
  sizes.forEach((size, i) => {
    const e = 6 + 16 * i
    header.writeUInt8(size >= 256 ? 0 : size, e)
    header.writeUInt8(size >= 256 ? 0 : size, e + 1)
    header.writeUInt16LE(1, e + 4)
    header.writeUInt16LE(32, e + 6)
    header.writeUInt32LE(images[i].length, e + 8)
    header.writeUInt32LE(offset, e + 12)
    offset += images[i].length
  })
  return Buffer.concat([header, ...images])
}

/** ICNS with PNG entries: ic11 (32), ic12 (64), ic07 (128), ic13 (256), ic08 (256), ic14 (512), ic09 (512), ic10 (1024). */
function icns(): Buffer {
  const entries = (
    [
      ['ic11', 32],
      ['ic12', 64],
      ['ic07', 128],
      ['ic13', 256],
      ['ic08', 256],
      ['ic14', 512],
      ['ic09', 512],
      ['ic10', 1024],
    ] as const
  ).map(([type, size]) => {
    const data = png(size)
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(data.length + 8, 4)
    return Buffer.concat([head, data])
  })
  const body = Buffer.concat(entries)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}

writeFileSync('resources/icon.png', png(512))
writeFileSync('build/icon.png', png(1024))
writeFileSync('build/icon.ico', ico([16, 24, 32, 48, 64, 128, 256]))
writeFileSync('build/icon.icns', icns())
console.log('icons written: resources/icon.png, build/icon.png, build/icon.ico, build/icon.icns')

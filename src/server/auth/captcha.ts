import { randomUUID } from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { captcha } from '../db/schema'

const TTL_MS = 30 * 60 * 1000

/** A new challenge: 5 characters drawn as a 130×48 PNG (as BladeX's SpecCaptcha), kept 30 minutes. */
export async function createCaptcha(db: Db): Promise<{ key: string; image: string }> {
  const [{ default: svgCaptcha }, { Resvg }] = await Promise.all([
    import('svg-captcha'),
    import('@resvg/resvg-js'),
  ])
  const challenge = svgCaptcha.create({
    size: 5,
    width: 130,
    height: 48,
    noise: 2,
    ignoreChars: '0oO1ilI',
    background: '#f5f7fa',
  })
  const png = new Resvg(challenge.data, { fitTo: { mode: 'width', value: 130 } }).render().asPng()
  const key = randomUUID().replace(/-/g, '')
  await db.delete(captcha).where(lt(captcha.expiresAt, new Date()))
  await db
    .insert(captcha)
    .values({ key, code: challenge.text.toLowerCase(), expiresAt: new Date(Date.now() + TTL_MS) })
  return { key, image: `data:image/png;base64,${Buffer.from(png).toString('base64')}` }
}

/** True when `code` answers the live challenge `key` (any case). The challenge is used up either way. */
export async function consumeCaptcha(db: Db, key: string, code: string): Promise<boolean> {
  if (!key || !code || key.length > 64 || code.length > 16) return false
  const rows = await db
    .delete(captcha)
    .where(and(eq(captcha.key, key), gt(captcha.expiresAt, new Date())))
    .returning({ code: captcha.code })
  return rows.length === 1 && rows[0].code === code.trim().toLowerCase()
}

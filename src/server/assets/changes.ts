import { desc, eq } from 'drizzle-orm'
import type { Data } from '../core/data'
import { bad } from '../core/errors'
import { assetsEquipmentChange } from '../db/schema'
import { LEFT_STOCK_STATUS } from '../../shared/resources/assets/equipment'
import { today } from './equipment-rules'

export type ChangeOrigin = 'form' | 'import' | 'donate' | 'repair'

interface State {
  id: string
  statusCode: number | null
  price: string | number | null
  purchaseDate: string | null
  scrapDate?: string | null
}

const money = (v: unknown) => Number(v ?? 0).toFixed(2)

/**
 * Records a change of 现状 and/or 单价 of one item (nothing when neither changed). It takes effect on
 * the 减少日期 when the item leaves the stock, else today, and may not predate the item's last change
 * or its 购置日期 (the history must stay in order for SJ2).
 */
export async function recordChange(
  data: Data,
  before: State,
  after: { statusCode?: number | null; price?: string | number | null; scrapDate?: string | null },
  origin: ChangeOrigin,
  extra: { originId?: string; reason?: string; date?: string } = {},
): Promise<void> {
  const toStatus = after.statusCode ?? before.statusCode ?? 1
  const toPrice = money(after.price ?? before.price)
  const fromStatus = before.statusCode ?? 1
  const fromPrice = money(before.price)
  const statusChanged = toStatus !== fromStatus
  const priceChanged = toPrice !== fromPrice
  if (!statusChanged && !priceChanged) return
  const leaving = (LEFT_STOCK_STATUS as readonly number[]).includes(toStatus)
  const date = extra.date ?? (leaving && after.scrapDate ? after.scrapDate : today())
  if (before.purchaseDate && date < before.purchaseDate) bad('变动日期不能早于购置日期')
  const [last] = await data
    .repo(assetsEquipmentChange)
    .find([eq(assetsEquipmentChange.equipmentId, before.id)], {
      sort: [desc(assetsEquipmentChange.changeDate), desc(assetsEquipmentChange.id)],
      limit: 1,
    })
  if (last && date < last.changeDate) bad(`变动日期不能早于上次变动日期（${last.changeDate}）`)
  await data.repo(assetsEquipmentChange).insert({
    equipmentId: before.id,
    changeType: statusChanged && priceChanged ? 3 : statusChanged ? 1 : 2,
    changeDate: date,
    fromStatus,
    toStatus,
    fromPrice,
    toPrice,
    origin,
    originId: extra.originId ?? null,
    reason: extra.reason ?? null,
  })
}

import type { Db } from '../db/client'
import { smsMessage } from '../db/schema'
import { nextId } from '../core/ids'

export interface SmsConfig {
  tenantId: string
  smsCode: string
  templateId: string | null
  category: number | null
}

export interface SmsRequest {
  config: SmsConfig
  phones: string[]
  params: Record<string, string>
  userId: string | null
}

/** Sends text messages. Cloud vendors (Aliyun, Tencent, Qiniu, Yunpian) would implement this. */
export interface SmsProvider {
  readonly name: string
  send(db: Db, request: SmsRequest): Promise<void>
}

/** The default provider: records each message in lab_sms_message instead of sending it. */
export const recordingSmsProvider: SmsProvider = {
  name: 'record',
  async send(db, { config, phones, params, userId }) {
    await db.insert(smsMessage).values(
      phones.map((phone) => ({
        id: nextId(),
        tenantId: config.tenantId,
        smsCode: config.smsCode,
        templateId: config.templateId,
        phone,
        params: JSON.stringify(params),
        provider: 'record',
        createUser: userId,
      })),
    )
  },
}

const current: SmsProvider = recordingSmsProvider
/** The provider in use (the recording one: no gateway is configured in this product yet). */
export const smsProvider = () => current

import type { z } from 'zod'
import {
  channels,
  type Channel,
  type ChannelRequest,
  type ChannelResponse,
  type IpcResult,
} from '@shared/ipc/contract'
import { toCallError } from '../errors/call-failure'
import type { HostIpc, InvokeEvent } from '../host/electron-host'

export type ChannelHandler<C extends Channel> = (request: ChannelRequest<C>) => Promise<ChannelResponse<C>>

export const UNTRUSTED_SENDER = '拒绝来自未知页面的请求'

/**
 * Registers one handler per channel of the contract. Every message is checked for its sender frame
 * and validated with the channel's zod schema before the handler sees it; every outcome goes back as
 * an `IpcResult` (never a rejected invoke, whose error Electron would flatten into a string).
 */
export class IpcRouter {
  private readonly registered = new Set<Channel>()

  constructor(
    private readonly ipc: HostIpc,
    private readonly isTrustedSender: (event: InvokeEvent) => boolean,
  ) {}

  handle<C extends Channel>(channel: C, handler: ChannelHandler<C>): void {
    const schema = channels[channel].request as unknown as z.ZodType<ChannelRequest<C>>
    this.registered.add(channel)
    this.ipc.handle(channel, async (event, payload): Promise<IpcResult<ChannelResponse<C>>> => {
      if (!this.isTrustedSender(event)) {
        return { ok: false, error: { message: UNTRUSTED_SENDER, status: 403, silent: false } }
      }
      const parsed = schema.safeParse(payload)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const where = issue?.path.length ? ` (${issue.path.join('.')})` : ''
        return {
          ok: false,
          error: { message: `请求参数不正确: ${issue?.message ?? ''}${where}`, status: 400, silent: false },
        }
      }
      try {
        return { ok: true, value: await handler(parsed.data) }
      } catch (e) {
        return { ok: false, error: toCallError(e) }
      }
    })
  }

  /** Channels of the contract without a handler (a wiring mistake; checked at start and in tests). */
  missing(): Channel[] {
    return (Object.keys(channels) as Channel[]).filter((c) => !this.registered.has(c))
  }

  dispose(): void {
    for (const channel of this.registered) this.ipc.removeHandler(channel)
    this.registered.clear()
  }
}
